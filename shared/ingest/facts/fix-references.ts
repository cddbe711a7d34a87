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

export const isVendorAdvisory = (r: SourceReference) => r.tags.some((t) => t === 'vendor advisory' || t === 'vendor-advisory') && !thirdParty(r.url);

export const statesFix = (r: SourceReference) => r.tags.includes('patch') || isVendorAdvisory(r);
