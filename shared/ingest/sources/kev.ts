/** CISA Known Exploited Vulnerabilities: the JSON catalogue, or the same catalogue as CSV. */
import type { KevEntry } from '../../domain/nvd-record.js';
import { loadCsvParser } from './csv.js';
import type { DocumentSource, LineSource } from './source.js';

interface RawKev {
  cveID?: string;
  vendorProject?: string;
  product?: string;
  vulnerabilityName?: string;
  dateAdded?: string;
  requiredAction?: string;
  dueDate?: string;
  knownRansomwareCampaignUse?: string;
}

export function kevEntry(raw: RawKev): KevEntry | undefined {
  if (!raw.cveID || !/^CVE-\d{4}-\d{4,}$/i.test(raw.cveID.trim())) return undefined;
  return {
    cveId: raw.cveID.trim().toUpperCase(),
    vendorProject: raw.vendorProject?.trim() ?? '',
    product: raw.product?.trim() ?? '',
    name: raw.vulnerabilityName?.trim() ?? '',
    dateAdded: raw.dateAdded?.trim() ?? '',
    requiredAction: raw.requiredAction?.trim() ?? '',
    ...(raw.dueDate ? { dueDate: raw.dueDate.trim() } : {}),
    ...(raw.knownRansomwareCampaignUse ? { ransomware: raw.knownRansomwareCampaignUse.trim() } : {}),
  };
}

export function parseKevCatalogue(json: unknown): KevEntry[] {
  const list = (json as { vulnerabilities?: RawKev[] }).vulnerabilities ?? [];
  return list.map(kevEntry).filter((e): e is KevEntry => e !== undefined);
}

export const readKevCatalogue: DocumentSource['parse'] = (_text, json, sink) => {
  for (const entry of parseKevCatalogue(json)) sink.kev(entry);
};

export const kevCsvParser: LineSource['parser'] = async (firstLine) => {
  const parseCsv = await loadCsvParser();
  const columns = (parseCsv(firstLine.replace(/^\uFEFF/, '')) as string[][])[0] ?? [];
  let first = true;
  return (line, sink) => {
    if (first || !line.trim()) {
      first = false;
      return;
    }
    const cells = (parseCsv(line, { relax_quotes: true }) as string[][])[0] ?? [];
    const raw: Record<string, string> = {};
    columns.forEach((c, i) => (raw[c] = cells[i] ?? ''));
    const entry = kevEntry(raw);
    if (entry) sink.kev(entry);
  };
};
