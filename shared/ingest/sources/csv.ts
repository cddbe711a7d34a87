/**
 * csv-parse's synchronous parser, loaded when a CSV source is first read (KEV's CSV form,
 * Exploit-DB's files_exploits.csv), not with the ingest function: a scheduled run reads KEV's
 * JSON and never needs it.
 */
export async function loadCsvParser() {
  return (await import('csv-parse/sync')).parse;
}
