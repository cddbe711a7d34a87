/**
 * Rejected records (product-decisions §6 "Rejected records"). NVD marks a rejected CVE with
 * `vulnStatus: Rejected`, but its newer rejections keep another status ("Awaiting Analysis")
 * and say so only in the description, which then begins "Rejected reason: …"; older ones begin
 * "** REJECT **". CVE 5 records carry `cveMetadata.state: REJECTED`.
 */
const REJECTED_DESCRIPTION = /^\s*(\*\*\s*REJECT\s*\*\*|Rejected reason:)/i;

/** True when an English description is a rejection notice rather than a flaw's description. */
export function isRejectionNotice(description: string | undefined): boolean {
  return !!description && REJECTED_DESCRIPTION.test(description);
}

export function isRejectedNvd(vulnStatus: string | undefined, description: string | undefined): boolean {
  return vulnStatus?.trim().toLowerCase() === 'rejected' || isRejectionNotice(description);
}

export function isRejectedCve5(state: string | undefined, description: string | undefined): boolean {
  return state?.trim().toUpperCase() === 'REJECTED' || isRejectionNotice(description);
}
