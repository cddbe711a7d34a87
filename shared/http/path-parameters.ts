/**
 * API Gateway REST APIs (and the local adapter, which plays one) hand path parameters to the
 * function still percent-encoded: `/api/cve/%20CVE-2021-44228%20` arrives as
 * `%20CVE-2021-44228%20`. Functions decode once; an undecodable value is kept as sent, so the
 * id check rejects it with a clear 400.
 */
export function decodePathSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
