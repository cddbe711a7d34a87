/**
 * References that state a fix (§9's `fix_stated`): a `Patch`-tagged one, or the vendor's own
 * advisory. NVD tagged many 2008 Secunia, SecurityFocus and similar pages "Vendor Advisory";
 * those sites report on other vendors' products and state no fix of their own, so their pages
 * are not the vendor's advisory whatever the tag says.
 */
import type { SourceReference } from '../../domain/nvd-record.js';

const THIRD_PARTY_HOSTS = [
  'secunia.com',
  'securityfocus.com',
  'securitytracker.com',
  'vupen.com',
  'frsirt.com',
  'osvdb.org',
  'xforce.iss.net',
  'exchange.xforce.ibmcloud.com',
  'vuldb.com',
  'securityreason.com',
  'milw0rm.com',
  'exploit-db.com',
  'packetstormsecurity.com',
  'packetstormsecurity.org',
  'packetstorm.news',
];

export function hostOf(url: string): string | undefined {
  try {
    return new URL(url.trim()).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

const thirdParty = (url: string) => {
  const host = hostOf(url);
  return host === undefined || THIRD_PARTY_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
};

/** A Microsoft security bulletin ("…/securitybulletins/2006/ms06-060"): each ships the security update, tagged or not. */
const BULLETIN = /^https?:\/\/(?:[\w-]+\.)*microsoft\.com\/.*\b(ms\d{2}-\d{3})\b/i;

export const isBulletin = (url: string) => BULLETIN.test(url.trim());

/** The Microsoft bulletin ids ("MS06-060") the references point at. */
export function bulletinsOf(references: readonly SourceReference[]): string[] {
  return [...new Set(references.map((r) => BULLETIN.exec(r.url.trim())?.[1]?.toUpperCase()).filter((id): id is string => id !== undefined))];
}

export const isVendorAdvisory = (r: SourceReference) =>
  (r.tags.some((t) => t === 'vendor advisory' || t === 'vendor-advisory') && !thirdParty(r.url)) || BULLETIN.test(r.url.trim());

export const statesFix = (r: SourceReference) => r.tags.includes('patch') || isVendorAdvisory(r);
