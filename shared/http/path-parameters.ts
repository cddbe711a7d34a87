/**
 * API Gateway REST APIs hand path parameters to the function still percent-encoded
 * (`/api/cve/%20CVE-2021-44228%20` arrives as `%20CVE-2021-44228%20`), while the local adapter
 * and HTTP APIs decode them. Decoding once more here makes both give the same answer: a value
 * that is already decoded is left as it is unless it still contains a `%` escape.
 */
export function decodePathSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
