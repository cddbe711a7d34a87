/**
 * The browser-facing part of the service as plain data: the CDK web stack (CloudFront) and the
 * local server apply the same paths and security headers.
 */
export const DASHBOARD_PATH = '/dashboard';

/** The dashboard is one script and one stylesheet from its own origin; nothing inline, no framing. */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Two years: browsers keep to HTTPS for this origin and its subdomains. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

export const SECURITY_HEADERS = {
  'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
} as const;
