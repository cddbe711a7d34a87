/**
 * Apple's CNA template, common in 2024–2025 records NVD has not analysed: "This issue is fixed
 * in iPadOS 17.7.7, iOS 18.5 and iPadOS 18.5." Each item names a product and its fixed
 * version; a product named twice (iPadOS 17 and iPadOS 18) is fixed on two release lines.
 * Read only where the record lists no product: NVD's configurations, where present, say more.
 */
import type { FactProduct, VersionFact } from '../../domain/facts.js';

const FIXED_IN = /\bThis issue is fixed in (?<list>(?:[^.]|\.(?=\d))+)\./;
// "iTunes 12.11.3 for Windows" and "iCloud for Windows 12.3": Apple's Windows apps, on Windows.
const ITEM = /^(?<name>[A-Za-z][\w-]*(?: (?!\d|for\b)[\w-]+){0,3})(?<before> for Windows)? (?<version>\d+(?:\.\d+)*)(?<after> for Windows)?$/;
/** "Security Update 2021-002 Catalina": an update of an older macOS, named by date, not a version to compare; the template's other items stand. */
const SECURITY_UPDATE = /^Security Update \d{4}-\d{3}\b/;

/** CPE's names of Apple's systems where they differ from the marketing name's first word. */
const CPE_NAME: Readonly<Record<string, string>> = { ios: 'iphone_os' };

/** "macOS Sequoia" is macOS (its release's name follows), "Boot Camp" is `boot_camp`, "Apple Music" is `music`. */
const keyOf = (name: string) => {
  const words = name
    .replace(/^Apple /, '')
    .toLowerCase()
    .split(' ');
  const product = words[0] === 'macos' ? 'macos' : words.join('_');
  return `apple:${CPE_NAME[product] ?? product}`;
};

/** Apple's products are capitalised or camel-cased ("iOS", "macOS", "watchOS"): "release 3.5.0" is another CNA's wording. */
const APPLE_NAME = /^(?:[A-Z]|(?:i|mac|watch|tv|vision)[A-Z])/;

interface AppleFix {
  readonly name: string;
  readonly key: string;
  readonly version: string;
  readonly platform: string | null;
}

function appleItems(description: string): AppleFix[] {
  const list = FIXED_IN.exec(description.replace(/\s+/g, ' '))?.groups?.list;
  if (list === undefined) return [];
  const items = list
    .split(/,\s*(?:and\s+)?|\s+and\s+/)
    .map((item) => item.trim())
    .filter((item) => !SECURITY_UPDATE.test(item))
    .map((item) => ITEM.exec(item)?.groups);
  // Every other item must read as "<Product> <version>": anything else is not the template.
  if (items.length === 0 || items.some((item) => item === undefined || !APPLE_NAME.test(item.name!))) return [];
  return items.map((item) => ({
    name: item!.name!,
    key: keyOf(item!.name!),
    version: item!.version!,
    platform: item!.before !== undefined || item!.after !== undefined ? 'windows' : null,
  }));
}

/** The release line of each macOS by its name, as Apple's security updates name it. */
const MACOS_LINES: Readonly<Record<string, string>> = {
  Mavericks: '10.9',
  Yosemite: '10.10',
  'El Capitan': '10.11',
  Sierra: '10.12',
  'High Sierra': '10.13',
  Mojave: '10.14',
  Catalina: '10.15',
  'Big Sur': '11',
  Monterey: '12',
  Ventura: '13',
  Sonoma: '14',
};
const NAMED_UPDATE = new RegExp(
  String.raw`\bSecurity Update \d{4}-\d{3} (?:${Object.keys(MACOS_LINES)
    .sort((a, b) => b.length - a.length)
    .join('|')})\b`,
  'g',
);

/**
 * "This issue is fixed in macOS Big Sur 11.2, Security Update 2021-001 Catalina, Security Update
 * 2021-001 Mojave" (CVE-2021-1801): each security update is macOS's fix for that release's line
 * (10.15, 10.14), written as Apple writes it; without it, Catalina users would be sent to Big Sur.
 */
export function macosSecurityUpdates(description: string, key: string): VersionFact[] {
  const written = [...new Set(description.replace(/\s+/g, ' ').match(NAMED_UPDATE) ?? [])];
  return written.map((version) => {
    const name = Object.keys(MACOS_LINES).find((n) => version.endsWith(` ${n}`))!;
    return { product: key, version, branch: MACOS_LINES[name]!, platform: null, source: 'description' };
  });
}

/** The products the template names, in the order it names them (macOS too where it names only its security updates). */
export function appleProducts(description: string): FactProduct[] {
  const products = new Map<string, FactProduct>();
  const items = appleItems(description);
  for (const item of items) {
    // One product per key: "macOS Sequoia" and "macOS Sonoma" are both macOS.
    const name = item.key === 'apple:macos' ? 'macOS' : item.platform === 'windows' ? `${item.name} for Windows` : item.name;
    if (!products.has(item.key)) products.set(item.key, { product: item.key, name: `Apple ${name}`, primary: true });
  }
  if (items.length > 0 && !products.has(MACOS) && macosSecurityUpdates(description, MACOS).length > 0)
    products.set(MACOS, { product: MACOS, name: 'Apple macOS', primary: true });
  return [...products.values()];
}

const MACOS = 'apple:macos';

/**
 * Each item's fix; a product fixed more than once gets each fix's major release as its line. The template's macOS
 * security updates ("Security Update 2021-004 Mojave", CVE-2021-30737, h55) are macOS's fixes for older lines, beside
 * the numbered one's own line ("11" for Big Sur 11.4).
 */
export function appleFixes(description: string): VersionFact[] {
  const items = appleItems(description);
  if (items.length === 0) return [];
  const updates = macosSecurityUpdates(description, MACOS);
  const several = (key: string) => new Set(items.filter((i) => i.key === key).map((i) => i.version)).size > 1 || (key === MACOS && updates.length > 0);
  const lineOf = (key: string, version: string) => (key === MACOS && /^10\./.test(version) ? /^10\.\d+/.exec(version)![0] : /^\d+/.exec(version)![0]);
  const numbered = items.map((item): VersionFact => ({
    product: item.key,
    version: item.version,
    branch: several(item.key) ? lineOf(item.key, item.version) : null,
    platform: item.platform,
    source: 'description',
  }));
  return [...numbered, ...updates];
}
