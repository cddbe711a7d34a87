/**
 * The public page's "Facts" and "What NVD says" sections (product decisions §9): the typed facts
 * every sentence above them is written from, as text a reader can check against NVD's own
 * description, which is shown in full beside them.
 */
import type { Facts, Impact, VersionFact } from '../domain/facts.js';
import { escapeHtml } from './html.js';
import { isDisputedFix } from '../domain/disputed-fixes.js';

const IMPACT_WORDS: Readonly<Record<Impact, string>> = {
  code_execution: 'run code',
  privilege_escalation: 'gain privileges',
  information_disclosure: 'read information',
  data_tampering: 'change or delete data',
  denial_of_service: 'deny service (crash, hang)',
  security_bypass: 'bypass a security check',
  cross_site_scripting: 'cross-site scripting',
  request_forgery: 'request forgery',
  sql_injection: 'SQL injection',
  spoofing: 'spoofing or redirection',
  unspecified: 'unspecified other impact',
};

const POSITION_WORDS: Readonly<Record<string, string>> = {
  remote: 'over the network',
  adjacent: 'from the same local network',
  local: 'on the machine itself',
  physical: 'with physical access',
  man_in_the_middle: 'on the network path (man-in-the-middle)',
};
const PRIVILEGE_WORDS: Readonly<Record<string, string>> = { none: 'no account', user: 'a user account', admin: 'administrator rights' };

const notStated = '<span class="meta">not stated</span>';

function versions(facts: readonly VersionFact[], names: ReadonlyMap<string, string>, lastAffected: readonly VersionFact[] = []): string {
  if (facts.length === 0) return notStated;
  return facts
    .map((v) => {
      const where = [v.branch ? `${v.branch} branch` : '', v.platform ? `on ${v.platform}` : ''].filter(Boolean).join(', ');
      const disputed = isDisputedFix(v, lastAffected) ? "; NVD's configuration lists it as affected" : '';
      return `${escapeHtml(names.get(v.product) ?? v.product)} ${escapeHtml(v.version)}${where ? ` (${escapeHtml(where)})` : ''} <span class="meta">from the ${escapeHtml(v.source)}${escapeHtml(disputed)}</span>`;
    })
    .join('; ');
}

export function factsSection(facts: Facts | undefined): string {
  if (!facts) return '';
  const names = new Map(facts.products.map((p) => [p.product, p.name]));
  const primary = facts.products.filter((p) => p.primary).map((p) => p.name);
  const others = facts.products.filter((p) => !p.primary).map((p) => p.name);
  const attack = facts.attack;
  const who = [
    attack.position ? POSITION_WORDS[attack.position] : '',
    attack.privileges ? `needs ${PRIVILEGE_WORDS[attack.privileges]}` : '',
    attack.user_interaction === null ? '' : attack.user_interaction ? 'a victim must act' : 'no victim needs to act',
  ].filter(Boolean);
  const rows = [
    ['What an attacker gains', facts.impacts.length ? escapeHtml(facts.impacts.map((i) => IMPACT_WORDS[i]).join(', ')) : notStated],
    ['Who can attack', who.length ? escapeHtml(who.join('; ')) : notStated],
    ['Where the flaw is', facts.component ? escapeHtml(facts.component) : notStated],
    ['Products', primary.length ? escapeHtml(primary.join(', ')) : notStated],
    ...(others.length
      ? [['Also in', escapeHtml(others.length > 10 ? `${others.slice(0, 10).join(', ')} and ${others.length - 10} more` : others.join(', '))]]
      : []),
    ['Fixed in', versions(facts.fixed_in, names, facts.last_affected)],
    ['Newest affected', versions(facts.last_affected, names)],
    ['A fix or patch is named', facts.fix_stated ? 'yes' : 'no'],
    ['Public exploit', facts.exploit_public ? 'yes' : 'none known'],
    ...(facts.aka.length ? [['Also known as', escapeHtml(facts.aka.join(', '))]] : []),
  ];
  return `<h2>Facts</h2><dl id="facts">${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

/**
 * A demo record's description was written by hand for the demo (shared/ingest/demo/), so it is
 * never presented as NVD's words.
 */
export function descriptionSection(description: string, demo = false): string {
  if (!description) return '';
  const heading = demo ? 'About this demo record (written by hand, not NVD&#39;s text)' : 'What NVD says';
  return `<h2>${heading}</h2><blockquote id="nvd-description"><p>${escapeHtml(description)}</p></blockquote>`;
}
