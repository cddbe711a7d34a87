/**
 * SAP's CNA writes the affected releases after the product and a dash: "SAP 3D Visual Enterprise
 * Viewer - version 9, it is possible …", "SAP NetWeaver Enterprise Portal - versions 7.10, 7.11,
 * 7.50, is susceptible …". Every version of such a list is affected, so none of them is a fix,
 * whatever a configuration's range end says (NVD's "before 9.0" beside "version 9", CVE-2022-41199).
 * A list that runs into a component's name ("versions KERNEL 7.22, 7.49, KRNL64NUC 7.22") is
 * several products' and is not read here.
 */
const VERSION = String.raw`\d+(?:\.\d+)*`;
const SAP_LISTED = new RegExp(String.raw`\bSAP\b[^.;]{0,160}?\s-\s+versions?\s+(?<list>${VERSION}(?:,\s*${VERSION})*)(?=,?\s+[a-z]|\.|,?$)`, 'g');

/** The versions SAP's "- version(s) …" lists name as affected, as written, each once. */
export function sapListedVersions(description: string): string[] {
  const out: string[] = [];
  for (const match of description.matchAll(SAP_LISTED)) for (const version of match.groups!.list!.split(/,\s*/)) if (!out.includes(version)) out.push(version);
  return out;
}
