/**
 * Where the record lists no product (a record NVD has not analysed yet), the product the
 * description names, best effort (README of shared/gold). The CNAs' own templates come first,
 * because they say outright what the record is about:
 * - Apple's "This issue is fixed in iPadOS 17.7.7, iOS 18.5 and iPadOS 18.5" (every product it names, `apple-fixes.ts`);
 * - the Linux kernel CNA's "In the Linux kernel, the following vulnerability has been resolved";
 * - GitLab's "An issue has been discovered in GitLab CE/EE affecting all versions from 17.9 …"
 *   (CE and EE are editions of one product, `gitlab:gitlab`);
 * - Wordfence's "The ORDER POST plugin for WordPress is vulnerable to …", and "VirtueMart
 *   component 1.0.0 - 4.4.7 for Joomla";
 * - Cisco's "A vulnerability in the <part> of Cisco IOS XR Software could allow …";
 * - ZDI's "… allows remote attackers to execute arbitrary code on affected installations of Luxion KeyShot";
 * - Microsoft's "Out-of-bounds read in Windows Routing and Remote Access Service (RRAS) allows an
 *   unauthorized attacker …" (the product is Windows, the rest is the part);
 * - HashiCorp's "Nomad Community and Nomad Enterprise ("Nomad") …": the short name the record defines;
 * - Siemens' "A vulnerability has been identified in TeleControl Server Basic (All versions < V3.1.2.2)" (`siemens-template.ts`).
 * Then Red Hat's "A flaw was found in libsoup", NVD's and VulDB's wordings: VulDB's "A vulnerability … has been found in itsourcecode Gym
 * Management System 1.0", NVD's leading "Foo Bar before 1.2 …" (or "Crawl4AI <=0.4.247", "In PHP
 * from 8.1.* before 8.1.32"), its "Use-after-free vulnerability in Microsoft Internet Explorer 9",
 * a leading name of two words or more ("SAP HANA Extend Application Services (XS) does not
 * encrypt …"), or GitHub's "Dpanel is a Docker visualization panel system …".
 * The first word of a longer name stands for the vendor, as CPE names mostly have it
 * ("Microsoft Internet Explorer" → microsoft:internet_explorer).
 */
import type { FactProduct } from '../../domain/facts.js';
import { appleProducts } from './apple-fixes.js';
import { siemensProduct } from './siemens-template.js';
import { token, withoutShortNames } from './product-token.js';
import { escapeRegExp } from '../../domain/escape-regexp.js';

// Red Hat's "A flaw was found in the ATA over Ethernet (AoE) driver in the Linux kernel" is the kernel's too.
const KERNEL = /^In the Linux kernel\b|^A flaw was found in [^.]*?\bin the Linux kernel\b/;
const WORDPRESS = /^The (?<name>[^.]{1,80}?) (?<kind>plugin|theme) for WordPress is vulnerable\b/;
const CISCO = /^A vulnerability in (?:the )?[^.]*?\b(?:of|in|for) (?<name>Cisco [A-Z0-9][\w-]*(?: [A-Z0-9][\w-]*){0,6})(?=,| could| and| if| when| \()/;
const ZDI =
  /\baffected installations of (?<name>[A-Z][\w.+-]*(?: [A-Z0-9][\w.+-]*){0,5})(?: (?:devices|routers|cameras|appliances|printers|firewalls|switches))?\./;
const JOOMLA = /\b(?<name>[A-Z][\w-]*(?: [A-Z][\w-]*){0,3}) (?<kind>component|extension|module|plugin)\b(?:[^.]|\.(?=\d)){0,40}? for Joomla\b/;
const MICROSOFT = /^[^.]*? in (?:Role: )?(?<name>Windows|Microsoft [A-Z][\w.]*|Azure(?: [A-Z][\w.-]*){1,4})\b[^.]*? allows an? (?:un)?authori[sz]ed attacker\b/;
/**
 * GitLab's "An issue has been discovered in GitLab CE/EE affecting all versions from 17.9 …", also with the flaw
 * before the product ("An issue has been discovered affecting service availability via issue preview in GitLab CE/EE",
 * CVE-2025-0639): GitLab CE and EE are the one product `gitlab:gitlab`.
 */
const GITLAB = /^An issue has been discovered\b[^.]*?\bin GitLab (?:CE\/EE|EE|CE)\b/;
/**
 * Qualcomm's closing list of the chipset families it affects: "… when processing user provided input in Snapdragon
 * Auto, Snapdragon Compute, …, Snapdragon Voice & Music, Snapdragon Wearables". Each family is a product people know.
 */
const SNAPDRAGON_LIST = /\bin (Snapdragon [A-Z][\w&]*(?: [A-Z&][\w&]*)*(?:, Snapdragon [A-Z][\w&]*(?: [A-Z&][\w&]*)*)*)\.?\s*$/;
/** Mozilla's closing "This vulnerability affects Firefox < 137 and Thunderbird < 137.0.2.": its products' names. */
const MOZILLA = /\bThis vulnerability affects (?<name>Firefox(?: ESR| for (?:Android|iOS))?|Thunderbird|Focus(?: for (?:Android|iOS))?) </;
const DEFINED_NAME = /^[A-Z][\w+-]*(?: [A-Z][\w+-]*)*(?: and [A-Z][\w+-]*(?: [A-Z][\w+-]*)*)? \("(?<name>[A-Z][\w+ -]{0,40})"\)/;

/**
 * Red Hat's "A flaw was found in libsoup, where SoupAuthDigest is vulnerable …" (CVE-2025-32912, the twenty-second
 * reading), "A flaw was found in the 389-ds-base LDAP Server.": the name up to the clause's first function word.
 */
const FLAW_FOUND_IN =
  /^A flaw was found in (?:the )?(?<name>[A-Za-z0-9](?:[\w+-]|\.(?=\w))*(?: (?!(?:where|which|when|while|that|in|during|and|or|with|via|before|after|allows?|is|are|was|were|could|may|might|can|of|on|over|for|to|through|versions?|v?\d)\b)[A-Za-z0-9](?:[\w+-]|\.(?=\w))*){0,4})(?=[\s.,;:'’]|$)/;

/** "the Keycloak organization feature": a word in lower case after a capitalised name is what of it is meant, not the name. */
function flawFoundIn(description: string): string | undefined {
  const words = FLAW_FOUND_IN.exec(description)?.groups?.name?.split(' ');
  if (!words) return undefined;
  const end = words.findIndex((w, i) => i > 0 && /^[a-z]+$/.test(w) && /[A-Z]/.test(words[i - 1]!) && !KIND_WORD.test(` ${w}`));
  return (end < 0 ? words : words.slice(0, end)).join(' ');
}

const FOUND_IN =
  /\bA vulnerabilit(?:y|ies)\b[^.]{0,60}?\b(?:has been|was|were|have been) (?:found|discovered|identified|detected) in (?:the )?([A-Za-z][^\s.,]*(?: (?!up\b|to\b|before\b|through\b|and\b|prior\b|version\b|v?\d)[^\s.,]+){0,6})/;
const LEADING =
  /^(?:The |In )?(?!(?:In|On|For|An?|The|This|These|Multiple|Some|When|If|Versions?|All|Prior|Before|Through|Up)\b)([A-Z][\w+-]*(?: (?:[A-Z0-9][\w+.-]*|\([A-Z][A-Za-z]+\))){0,4}?) (?:(?:before|through|prior to|up to|versions?(?: (?:below|prior to|before|up to|through))?|from|v) ?|<=? ?)?\d[\w.()*-]*\b/;

/**
 * NVD's "<bug> in <component> in <Product> <versions>": the capitalised name before a version.
 * A number followed by a capitalised word and the versions is part of the name: "in Samsung
 * MagicINFO 9 Server version before 21.1052" (CVE-2025-4632) is MagicINFO 9 Server's.
 */
const IN_PRODUCT =
  /\bin (?:the )?([A-Z][\w+-]*(?: \([A-Z][\w+-]*\))?(?: [A-Z0-9][\w.+-]*){0,5}?) (?:(?:versions? )?(?:before|through|prior to|up to) |versions? |v)?\d[\w.]*\b(?! [A-Z][\w+-]* versions? (?:before|through|prior to|up to) \d)/;
/**
 * "Missing password field masking in the Zoom Jenkins Marketplace plugin before version 1.6" (CVE-2025-0148, h50): a
 * capitalised name and its kind in lower case ("plugin"), right before "before version" and its number.
 */
const IN_PRODUCT_OF_KIND =
  /\bin (?:the )?([A-Z][\w+-]*(?: [A-Z0-9][\w.+-]*){0,5} (?:plugin|extension|add-on|addon|module|app|driver|library|theme|client|agent)) (?:before|prior to|through|up to) (?:versions? )?v?\d/;
/**
 * PostgreSQL's "… in PostgreSQL libpq functions … Versions before PostgreSQL 17.3, 16.7 … are affected" (CVE-2025-1094,
 * h50): the name written again between "before" and the versions, named earlier in the record too.
 */
const NAMED_BEFORE_VERSIONS = /\b(?:before|prior to) ([A-Z][\w+-]*[a-z][\w+-]*(?: [A-Z][\w+-]*)?) v?\d+\.\d/;

/** A release's step word or a platform before the versions ("before 11.0 Build 64.34", "prior to Android 4.1") names no product. */
const NOT_A_NAME =
  /^(?:Build|Version|Versions|Release|Releases|Update|Updates|Patch|Hotfix|HotFix|Beta|Service|Pack|Fix|Firmware|Android|Windows|Linux|iOS|macOS|Mac|Java)$/;
/** "the Zoom Jenkins Marketplace plugin": the kind the name ends in is no part of the product's key (`zoom:jenkins_marketplace`). */
const KIND_WORD = / (?:plugin|extension|add-on|addon|module|app|driver|library|theme|client|agent)$/;

function namedBeforeVersions(description: string): string | undefined {
  const match = NAMED_BEFORE_VERSIONS.exec(description);
  const name = match?.[1];
  if (!match || !name) return undefined;
  const earlier = description.slice(0, match.index);
  // The whole name written before, as one ("Pulse Secure Pulse Desktop Client" does not name a "Secure Desktop").
  const words = name.split(' ');
  const escaped = escapeRegExp(name);
  return words.every((w) => !/\d/.test(w) && !NOT_A_NAME.test(w)) && new RegExp(String.raw`\b${escaped}\b`).test(earlier) ? name : undefined;
}
const ABBREVIATED = /^([A-Z][\w+-]*) \(([A-Z][\w+-]*)\)/;
/** "SAP HANA Extend Application Services (XS) does not encrypt …": a name of two words or more leading a verb. */
const LEADING_SUBJECT =
  /^(?!(?:In|On|For|An?|The|This|These|Multiple|Some|When|If|All)\b)([A-Z][\w+-]*(?: (?:[A-Z0-9][\w.+-]*|\([A-Z][\w ]*\))){1,6}) (?:does not|do not|allows?|has|have|is|are|contains?|fails?|uses?|stores?|might|may|could|can|mishandles?|lacks?)\b/;

/**
 * GitHub's advisory template for a package named in lower case: "estree-util-value-to-estree
 * converts a JavaScript value to an ESTree expression." A hyphenated package name leads a verb.
 */
const PACKAGE_LEAD =
  /^([a-z][a-z0-9]*(?:[.-][a-z0-9]+)+) (?:is|are|converts|provides|parses|implements|generates|transforms|renders|lets|allows|adds|offers|validates|serializes|handles)\b/;

/**
 * "Incorrect access permission of a specific folder issue exists in RemoteView Agent (for Windows) versions prior to
 * v8.1.5.2" (CVE-2025-24864, the h57 blind set), "An improper handling of exceptional conditions vulnerability exists in
 * the Palo Alto Networks PAN-OS dataplane": JPCERT's, Palo Alto's and Schneider's template, in a record that lists no
 * product. A name followed by "of"/"in" (after a few words in lower case) is a part of another product ("the Latex
 * Proof-Reading Module of …", "the NickName registration screen of HGW-BL150"), and a platform alone ("the Windows login
 * flow") names none, nor a class ("the `TicketsController`") or half a pair ("the WPA/WAPI Passphrase field"); the name
 * ends at a sentence's stop and before a version ("Ver.3.9.51.x").
 */
const EXISTS_IN =
  /\b(?:vulnerabilit(?:y|ies)|issues?|flaws?|weakness(?:es)?)(?: \([^)]{0,40}\))? exists? in (?:the )?(?!(?:Windows|Linux|Android|macOS|iOS|Mac|UNIX)\b(?! [A-Z]))([A-Z][\w+-]*(?: (?!v?\d+(?:\.\d+)+\b|Ver\.|Version\b)[A-Z0-9][\w+-]*(?:\.[\w+-]+)*){0,4})(?![\w+.-]*\w)(?!\/)(?<!Controller|Handler|Servlet)(?! (?!Ver\.|Version\b)[A-Z0-9])(?! (?:[a-z][\w-]* ){0,3}(?:of|in|within|for|on) )/;

/** GitHub's advisory template: "Dpanel is a Docker visualization panel system …", "Element X Android is a Matrix client …". */
const IS_A = /^([A-Z][\w.+-]*(?: [A-Z0-9][\w.+-]*){0,4}) is an? \b/;

/** A product a CNA's template names, with the key its CPE name mostly has. */
function templateProduct(description: string): FactProduct | undefined {
  if (KERNEL.test(description)) return { product: 'linux:linux_kernel', name: 'Linux kernel', primary: true };
  if (GITLAB.test(description)) return { product: 'gitlab:gitlab', name: 'GitLab', primary: true };
  const wordpress = WORDPRESS.exec(description)?.groups;
  if (wordpress) {
    const name = wordpress.name!.replace(/^the /i, '');
    return { product: `${token(name)}_project:${token(name)}`, name: `${name} ${wordpress.kind!} for WordPress`, primary: true };
  }
  const joomla = JOOMLA.exec(description)?.groups;
  if (joomla) return { product: `${token(joomla.name!)}_project:${token(joomla.name!)}`, name: `${joomla.name!} ${joomla.kind!} for Joomla`, primary: true };
  const mozilla = MOZILLA.exec(description)?.groups?.name;
  if (mozilla) return { product: `mozilla:${token(mozilla.replace(/ for /, ' '))}`, name: `Mozilla ${mozilla}`, primary: true };
  const microsoft = MICROSOFT.exec(description)?.groups?.name;
  if (microsoft === 'Windows') return { product: 'microsoft:windows', name: 'Microsoft Windows', primary: true };
  // Microsoft's Azure services are named without the vendor ("Azure Local Cluster"), as CPE names them (`microsoft:azure_…`).
  if (microsoft?.startsWith('Azure ')) return { product: `microsoft:${token(microsoft)}`, name: microsoft, primary: true };
  if (microsoft) return { product: `microsoft:${token(microsoft.slice('Microsoft '.length))}`, name: microsoft, primary: true };
  const siemens = siemensProduct(description);
  if (siemens) return siemens;
  const cisco = CISCO.exec(description)?.groups?.name;
  // CPE names Cisco's systems without the word "Software": "Cisco IOS XE Software" is `cisco:ios_xe`.
  if (cisco) return { ...vendorFirst(cisco.replace(/ Software$/, '')), name: cisco };
  const named = ZDI.exec(description)?.groups?.name;
  if (named) return vendorFirst(named);
  const defined = DEFINED_NAME.exec(description)?.groups?.name?.trim();
  return defined ? { product: `${token(defined)}:${token(defined)}`, name: defined, primary: true } : undefined;
}

function vendorFirst(name: string): FactProduct {
  const words = withoutShortNames(name).split(' ');
  const [vendor, product] = words.length > 1 ? [words[0]!, words.slice(1).join(' ')] : [name, name];
  return { product: `${token(vendor)}:${token(product)}`, name, primary: true };
}

export function describedProduct(written: string): FactProduct[] {
  // Cisco writes "A vulnerability\u00a0in the CLI of …": a no-break space is a space to every template.
  const description = written.replace(/\s+/g, ' ').trim();
  const apple = appleProducts(description);
  if (apple.length > 0) return apple;
  const template = templateProduct(description);
  if (template) return [template];
  const snapdragon = SNAPDRAGON_LIST.exec(description)?.[1];
  if (snapdragon)
    return snapdragon.split(', ').map((name) => ({ product: `qualcomm:${token(name.replace(/&/g, 'and'))}`, name: `Qualcomm ${name}`, primary: true }));
  const vuldb = FOUND_IN.exec(description)?.[1];
  const name = (
    flawFoundIn(description) ??
    vuldb ??
    LEADING.exec(description)?.[1] ??
    IN_PRODUCT.exec(description)?.[1] ??
    LEADING_SUBJECT.exec(description)?.[1] ??
    IS_A.exec(description)?.[1] ??
    PACKAGE_LEAD.exec(description)?.[1] ??
    IN_PRODUCT_OF_KIND.exec(description)?.[1] ??
    namedBeforeVersions(description) ??
    EXISTS_IN.exec(description)?.[1]
  )?.trim();
  // A name spelt as code ("crmeb_java", "feng_ha_ha/megagao ssm-erp") would stand raw in the text.
  if (!name || name.length < 2 || /[_/\\]/.test(name)) return [];
  // "MyBulletinBoard (MyBB) Preview Release 2": the short name in brackets is the one its CPE has.
  const short = ABBREVIATED.exec(name);
  if (short) return [{ product: `${token(short[2]!)}:${token(short[2]!)}`, name: `${short[1]!} (${short[2]!})`, primary: true }];
  const kindless = name.replace(KIND_WORD, '');
  return [kindless !== name && kindless.length > 0 ? { ...vendorFirst(kindless), name } : vendorFirst(name)];
}
