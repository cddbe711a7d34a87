/** The CWE catalogue: weakness and category names (CWE 4.13), for the SARIF taxonomy. */
import { hasColumns, tsvParser, type LineSource } from './source.js';

/** `cwe_id name` (weaknesses), `cwe_id name abstraction …` (weaknesses with descriptions), `cwe_id name status summary` (categories). */
export const cweParser: LineSource['parser'] = (firstLine) => {
  const kind = hasColumns(firstLine, 'cwe_id', 'name', 'status', 'summary') ? 'category' : 'weakness';
  return tsvParser(firstLine, (row, sink) => {
    const id = row.cwe_id?.trim() ?? '';
    const match = /^(?:CWE-)?(\d+)$/.exec(id);
    // MITRE's names keep a few trailing spaces; the taxonomy shows them trimmed.
    const name = row.name?.trim();
    if (match && name) sink.cwe(`CWE-${match[1]}`, { name, kind });
  });
};
