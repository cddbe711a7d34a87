/**
 * The product a description names in Patchstack's template, for a record that lists no product
 * anywhere else (NVD has not analysed it and no CVE 5 record is at hand):
 *
 *   "… vulnerability in Stylemix Pearl allows Cross Site Request Forgery. This issue affects
 *   Pearl: from n/a through 1.3.9."
 *
 * The product is the name after "This issue affects", its vendor the words before that name in
 * "vulnerability in <vendor> <product> allows"; each "from A through B" is a range ending at B
 * (B still affected, as after "up to and including B"), "from A before B" one ending before B (B
 * fixed). "n/a" is no version.
 * Names are kept as written: they are the names people know. A vendor written as a WordPress.org
 * user name ("afzal_du Reactive Mortgage Calculator") is no name people know: the product's own
 * name stands alone. A product written as its plugin slug ("wp_amaps") is shown with spaces.
 */
import type { AffectedProduct, VersionRange } from '../../domain/nvd-record.js';

const AFFECTS = /\bThis issue affects (?<product>[^:.;]{1,80}?):\s*(?<versions>(?:from|before|through|up to)\b.*?)(?:\.(?:\s|$)|;|$)/;
const SPAN = /(?:\bfrom\s+(?<start>\S+?)\s+)?\b(?<kind>through|up to(?: and including)?|before)\s+<?(?<end>[^\s,;]+)/g;

const isVersion = (v: string | undefined): v is string => v !== undefined && /\d/.test(v) && !/^n\/a$/i.test(v) && !v.includes('*');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function rangesOf(versions: string): VersionRange[] {
  const ranges: VersionRange[] = [];
  for (const { groups } of versions.matchAll(SPAN)) {
    const end = groups?.end?.replace(/[.,;]+$/, '');
    if (!isVersion(end)) continue;
    const start = isVersion(groups?.start) ? { startIncluding: groups.start } : {};
    ranges.push(groups?.kind === 'before' ? { ...start, endExcluding: end } : { ...start, endIncluding: end });
  }
  return ranges;
}

export function describedProducts(description: string): AffectedProduct[] {
  const text = description.replace(/\s+/g, ' ');
  const match = AFFECTS.exec(text);
  const name = match?.groups?.product?.trim();
  if (!match || !name) return [];
  const ranges = rangesOf(match.groups!.versions!);
  if (ranges.length === 0) return [];
  const vendor = new RegExp(String.raw`\bin (?<vendor>(?:[\w.&'-]+ ){1,4}?)${escaped(name)} allows\b`).exec(text)?.groups?.vendor?.trim();
  const shownVendor = vendor && !/_/.test(vendor) ? vendor : undefined;
  const shownName = name.replace(/_/g, ' ');
  const title = shownVendor && !name.toLowerCase().startsWith(shownVendor.toLowerCase()) ? `${shownVendor} ${shownName}` : shownName;
  return [
    {
      vendor: vendor ?? '',
      product: name,
      part: 'a',
      ranges,
      openEnded: false,
      fixedVersions: [],
      title,
      ...(shownVendor ? { vendorTitle: shownVendor } : {}),
    },
  ];
}
