/**
 * Parts that vendors' templates name without one of the words `component.ts` looks for
 * ("function", "module", …), each read only in its template's shape:
 * - Oracle's "in the Oracle GlassFish Server component in Oracle Fusion Middleware … via vectors
 *   related to Administration": the "component" is the product, the part is Administration;
 * - Cisco's "A vulnerability in the CAPWAP protocol processing of Cisco IOS XE …";
 * - a part named right before a product the record lists ("CoreGraphics in Apple Mac OS X",
 *   Chrome's "Insufficient data validation in Downloads in Google Chrome");
 * - a file behind a possessive ("the Stapler web framework's org/kohsuke/stapler/Stapler.java");
 * - "spoof a legitimate URL in the status bar";
 * - "has a terminal running on port 254"; "The DNS packet parsing/generation code in PowerDNS";
 * - Xen's advisory title leading the text ("inappropriate x86 IOMMU timeout detection / handling");
 * - Microsoft's aka title "Microsoft Windows Transport Layer Security Spoofing Vulnerability".
 */
import type { AffectedProduct } from '../../domain/nvd-record.js';

type Listed = readonly Pick<AffectedProduct, 'vendor' | 'product'>[];

const ORACLE_PRODUCT_COMPONENT = /\bin the (?:Oracle|Sun|MySQL|PeopleSoft|JD Edwards|Siebel|Primavera)\b[\w .-]* component in Oracle\b/;
const ORACLE_VECTORS = /\bvia (?:unknown )?vectors related to ([A-Z][\w/:-]*(?: [A-Z][\w/:-]*){0,3})(?=[.,;]|\s+(?:and|in|of)\b|$)/;

/** Oracle's older template: "via vectors related to Administration", said as Oracle says a subcomponent. */
export function oracleVectorPart(prose: string): string | undefined {
  if (!ORACLE_PRODUCT_COMPONENT.test(prose)) return undefined;
  const part = ORACLE_VECTORS.exec(prose)?.[1];
  return part ? `${part} subcomponent` : undefined;
}

const CISCO_PART = /^A vulnerability in (?:the )?([^.]{3,90}?) (?:of|in|for) Cisco\b/;
/** Words of the bug, not of a part, in any case ("Vulnerabilities in the ClearPass Policy Manager …"). */
const BUG_WORD = /\b(?:vulnerabilit(?:y|ies)|flaw|issue|overflow|injection|scripting|forgery|traversal|error|bug)s?\b/i;
/** The words of a bug or a whole product, never a part. */
const NOT_A_PART =
  /^(?:Unspecified|Multiple|Integer|Heap|Stack|Buffer|Directory|Cross|SQL|Format|Race|Memory|Double|Use|Insecure|Improper|Incorrect|Insufficient|Missing|Weak|Unrestricted|Null|NULL|An?|The|This|Some|Certain|Various)\b/;
const notAPart = (words: string) => NOT_A_PART.test(words) || BUG_WORD.test(words);

/** "Control and Provisioning of Wireless Access Points (CAPWAP) protocol processing" is said by its abbreviation. */
const SPELT_OUT = /^(?:[A-Z][\w-]*\s+(?:(?:and|of|for|the)\s+)?)+\(([A-Z]{2,})\)/;

export function ciscoPart(prose: string): string | undefined {
  const part = CISCO_PART.exec(prose)?.[1]?.replace(SPELT_OUT, '$1');
  return part && !notAPart(part) && !/^(?:web-based )?management interface$/i.test(part) ? part : undefined;
}

const SPOOFED_BAR = /\bspoof\b[^.]{0,80}? in the ((?:status|address|URL|title|location) bar)\b/i;
/** "spoof a legitimate URL in the status bar": the browser's bar is where the flaw shows. */
export const spoofedBar = (prose: string): string | undefined => SPOOFED_BAR.exec(prose)?.[1];

const LEADING_CODE = /^The ((?:[\w/-]+ ){1,4}code) in\b/;
/** "The DNS packet parsing/generation code in PowerDNS …". */
export const leadingCode = (prose: string): string | undefined => LEADING_CODE.exec(prose)?.[1];

const BEFORE_PRODUCT = /(?:^|\bin )(?:the )?([A-Z][\w.-]*(?: [A-Z][\w.-]*){0,3}) (in|of) (?:the )?([A-Za-z][\w-]*)/g;

/** The part is the product's own name, with or without its vendor's, so it names nothing more. */
function ownName(part: string, products: Listed, names: ReadonlySet<string>): boolean {
  const words = part.toLowerCase().split(' ');
  if (words.every((w) => names.has(w))) return true;
  // A vendor's name first ("Microsoft GDI Component", "Splunk Web") is how the description names a product of its own.
  const vendors = new Set(products.map((p) => p.vendor.toLowerCase()));
  if (vendors.has(words[0]!)) return true;
  const joined = words.join('_');
  return products.some((p) => p.product.toLowerCase() === joined || p.product.toLowerCase().startsWith(`${joined}_`));
}

/**
 * "CoreGraphics in Apple Mac OS X", JVN's "in Scheduler of Cybozu Office": a capitalised name right before a listed
 * product's vendor or name.
 */
export function partBeforeProduct(prose: string, products: Listed): string | undefined {
  if (products.length === 0) return undefined;
  const names = new Set(products.flatMap((p) => [p.vendor.toLowerCase(), p.product.split('_')[0]!.toLowerCase()]));
  for (const [whole, part, joint, next] of prose.matchAll(BEFORE_PRODUCT)) {
    if (!names.has(next!.toLowerCase()) || notAPart(part!)) continue;
    // "Versions of Unity8 …", "Misconfiguration of the Pega …": a sentence's opening word "of" a product is no part.
    if (joint === 'of' && !whole.startsWith('in ')) continue;
    // A part that is the product's own name ("Jenkins in Jenkins", "Cisco IOS in Cisco …", "Database Server in Oracle …")
    // names nothing more; "Windows Shell in Microsoft Windows" names the shell (CVE-2015-2515).
    if (ownName(part!, products, names)) continue;
    return part;
  }
  return undefined;
}

const POSSESSIVE_FILE = /\b[\w-]+'s\s+(\/?(?:[\w.-]+\/)+[\w-]+\.(?:java|php|py|rb|js|c|cc|cpp|go|rs|cs|ts))\b/;
export const possessiveFile = (prose: string): string | undefined => POSSESSIVE_FILE.exec(prose)?.[1];

const ON_PORT = /\bhas an? ((?:[\w-]+ ){0,2}?[\w-]+) (?:running|listening) on (?:TCP |UDP )?port (\d+)/i;
export function portPart(prose: string): string | undefined {
  const found = ON_PORT.exec(prose);
  return found ? `${found[1]} on port ${found[2]}` : undefined;
}

/** The title runs to its last lower-case word before the first sentence ("… / handling IOMMUs process commands"). */
const XEN_TITLE =
  /^(?:inappropriate|insufficient|incorrect|improper|missing|unchecked|unbounded|bad|wrong|lack of)\s+([a-z0-9][\w/ .-]{2,60}?[a-z])\s+(?=[A-Z])/;
/** Xen's advisories open with their title in lower case: the part is what it says was done wrong. */
export function xenTitlePart(prose: string, products: Listed): string | undefined {
  return products.some((p) => p.vendor === 'xen') ? XEN_TITLE.exec(prose)?.[1]?.trim() : undefined;
}

const AKA_TITLE =
  /\baka\s+['"“](?:Microsoft\s+)?(.+?)\s+(?:Remote Code Execution|Elevation of Privilege|Information Disclosure|Denial of Service|Security Feature Bypass|Spoofing|Tampering)\s+Vulnerability/;
/**
 * Microsoft's aka title, less the word "Microsoft": "Windows Transport Layer Security". One word
 * ("Browser") or an adjective ("Cross-Domain") names the kind of flaw, not a part.
 */
export function akaTitlePart(description: string): string | undefined {
  const part = AKA_TITLE.exec(description)?.[1]?.trim();
  return part && part.includes(' ') && !/^Cross-/i.test(part) ? part : undefined;
}

/**
 * Samsung Mobile's template: "<bug> in <part> prior to SMR Mar-2022 Release 1 allows …" ("Improper
 * boundary check in UWB stack prior to SMR …", "Unprotected broadcast in sendIntentForToastDumpLog
 * in DisplayToast prior to SMR …"): NVD lists only the Android the phones run, so the part is all
 * the description names.
 */
const SAMSUNG_PART = /^[^.]*?\bin ((?:[\w.()/:-]+ ){0,6}?[\w.()/:-]+) (?:prior to|before) SMR\b/i;
export function samsungPart(prose: string): string | undefined {
  const part = SAMSUNG_PART.exec(prose)?.[1];
  return part !== undefined && !notAPart(part) ? part : undefined;
}

/**
 * INCIBE's "… through the 'view' parameter in '/student/index.php'" and the like ("via 'category' parameter in
 * '/index.php'", "a 'show' parameter to the '/userfs/bin/tcapi' binary"): the quoted place, with its parameter.
 */
const QUOTED_PLACE = /(?<![\w'])['"‘]([\w[\]-]+)['"’] parameter (?:in|of|to|on) (?:the )?(?:file |page |endpoint )?['"‘](\/?[\w./-]*[\w])['"’]/;
export function quotedParameterPlace(prose: string): string | undefined {
  const found = QUOTED_PLACE.exec(prose);
  return found ? `${found[2]} (${found[1]} parameter)` : undefined;
}

/**
 * "… when puppet-candlepin is invoked cpdb with the --password parameter", "calls quotacheck with the -M option": the
 * command run with the option is the flawed part, and the option is where the flaw is.
 */
const INVOKED_WITH =
  /\b(?:invokes?|invoked|calls?|called|runs?|executes?|executed) (?:the )?([\w.-]+) (?:command |binary |utility |tool )?with the (--?[\w-]+) (parameter|option|flag|argument)\b/;
export function invokedWith(prose: string): string | undefined {
  const found = INVOKED_WITH.exec(prose);
  return found ? `${found[1]} (${found[2]} ${found[3]})` : undefined;
}

/**
 * "Heap corruption vulnerability in the "at" program allows local users …": a program named in quotes is the part
 * (CVE-2002-0004), said with its kind ("at program") since a bare "at" reads as a word of the sentence. Only where
 * the flaw is "in" or reached "via" it: "finding the "rm" program", "a system call to the "cp" program" name a program
 * the flawed code runs.
 */
const QUOTED_PROGRAM = /(?:\b(?:in|via) the|^The) ["'“]([\w.+-]+)["'”] (program|utility|daemon|command|binary)\b(?! line)/;
export function quotedProgram(prose: string): string | undefined {
  const found = QUOTED_PROGRAM.exec(prose);
  return found ? `${found[1]} ${found[2]!.toLowerCase()}` : undefined;
}
