/**
 * Title. Rule, first that applies: CISA KEV's vulnerability name (or NVD's copy of it); the
 * CVE 5 CNA's title; "<weakness> in <product>" from the first CWE with a plain name (else its
 * catalogue name) and the first affected product; "Security flaw in <product>"; the first
 * sentence of the description that is not a product's introduction (cut at 120 characters on a
 * word boundary); for a rejected CVE,
 * "Rejected CVE id".
 */
import type { AffectedProduct } from '../model.js';
import { PLAIN_WEAKNESSES } from '../explainer/cwe-plain.js';
import { productName } from '../explainer/names.js';
import { cnaName, type CveSources, type Derived } from './inputs.js';

const MAX_TITLE = 120;

/**
 * "Nuxt is an open-source web development framework for Vue.js.": a sentence that introduces the
 * product says nothing about the flaw (GitHub's advisories open with one), so the title skips it.
 */
const PRODUCT_BLURB = /^[^,.]{1,80}? (?:is|are) (?:a|an|the) (?![^.]*\b(?:vulnerab|flaw|issue|bug|injection|overflow|bypass|attack|exploit))/i;

function shorten(text: string): string {
  const sentences = text.replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s/);
  const first = sentences.find((s, i) => i === sentences.length - 1 || !PRODUCT_BLURB.test(s)) ?? '';
  if (first.length <= MAX_TITLE) return first.replace(/\.$/, '');
  const cut = first.slice(0, MAX_TITLE);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40)).replace(/[,;:]$/, '')}…`;
}

function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

export function deriveTitle(
  sources: Pick<CveSources, 'id' | 'kev' | 'nvd' | 'cve5' | 'cweCatalogue'>,
  context: { rejected: boolean; cweIds: readonly string[]; products: readonly AffectedProduct[]; description: string },
): Derived<string> {
  if (context.rejected) return { value: `Rejected CVE id ${sources.id}`, provenance: 'rejected' };
  if (sources.kev?.name) return { value: sources.kev.name, provenance: 'CISA KEV vulnerabilityName' };
  if (sources.nvd?.kev?.name) return { value: sources.nvd.kev.name, provenance: 'NVD cisaVulnerabilityName' };
  if (sources.cve5?.title) return { value: sources.cve5.title, provenance: `${cnaName(sources.cve5)} title` };
  const product = context.products[0];
  const plain = context.cweIds.map((id) => PLAIN_WEAKNESSES[id]).find((p) => p !== undefined);
  const weakness = plain?.name ?? context.cweIds.map((id) => sources.cweCatalogue.get(id)?.name).find((n) => n && !n.startsWith('DEPRECATED'));
  if (product && weakness) return { value: `${capitalise(weakness)} in ${productName(product)}`, provenance: 'CWE and affected products' };
  if (product) return { value: `Security flaw in ${productName(product)}`, provenance: 'affected products' };
  if (context.description) return { value: shorten(context.description), provenance: 'description' };
  return { value: `Security flaw ${sources.id}`, provenance: 'CVE id only' };
}
