/**
 * Oracle fixes its supported versions in quarterly Critical Patch Updates, published at
 * oracle.com/security-alerts/cpuapr2020.html (before 2019 under oracle.com/technetwork/, as
 * "…/security-advisory/cpuoct2017-3236626.html": CVE-2015-4821, the eleventh reading): a reference there is the vendor's fix for the
 * versions it lists, whatever tag the reference carries, so the fix text names it.
 */
const CPU_PAGE =
  /^https?:\/\/(?:www\.)?oracle\.com\/(?:security-alerts|technetwork\/(?:security-advisory|topics\/security))\/cpu(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(\d{4})(?:-\d+)?\.html/i;

const MONTHS: Record<string, string> = {
  jan: 'January',
  feb: 'February',
  mar: 'March',
  apr: 'April',
  may: 'May',
  jun: 'June',
  jul: 'July',
  aug: 'August',
  sep: 'September',
  oct: 'October',
  nov: 'November',
  dec: 'December',
};

/**
 * "April 2020" for a reference to Oracle's April 2020 Critical Patch Update; undefined where none
 * is referenced, or several are, or a product is not Oracle's: JasPer's record points at the update
 * for the Oracle products that ship it, no fix of JasPer itself.
 */
export function oracleCriticalPatchUpdate(urls: readonly string[], vendors: readonly string[]): string | undefined {
  if (vendors.length === 0 || !vendors.every((v) => /^oracle(?:[\s_]corporation)?$/i.test(v.trim()))) return undefined;
  const updates = new Set(
    urls.flatMap((u) => {
      const m = CPU_PAGE.exec(u.trim());
      return m ? [`${MONTHS[m[1]!.toLowerCase()]} ${m[2]}`] : [];
    }),
  );
  return updates.size === 1 ? [...updates][0] : undefined;
}
