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

/**
 * The site's static pages in the bucket: public path → the object serving it. The build puts
 * every file under DASHBOARD_PATH; CloudFront's viewer-request function and the local server
 * both rewrite by this table.
 */
export const SITE_PAGES: Readonly<Record<string, string>> = {
  '/': `${DASHBOARD_PATH}/home.html`,
  [DASHBOARD_PATH]: `${DASHBOARD_PATH}/index.html`,
  [`${DASHBOARD_PATH}/`]: `${DASHBOARD_PATH}/index.html`,
  '/docs/api': `${DASHBOARD_PATH}/api-reference.html`,
  '/docs/api/': `${DASHBOARD_PATH}/api-reference.html`,
  '/favicon.ico': `${DASHBOARD_PATH}/favicon.svg`,
};

/**
 * The CloudFront Function (JS 2.0) of the bucket's behaviour: applies SITE_PAGES at the viewer
 * request, passes the site's own files under DASHBOARD_PATH, and answers anything else (another
 * path, another method) with `notFoundBody`, the product's JSON error, never S3's XML or
 * CloudFront's own page.
 */
export function siteRewriteFunctionSource(notFoundBody: string): string {
  return `var PAGES = ${JSON.stringify(SITE_PAGES)};
var NOT_FOUND = ${JSON.stringify(notFoundBody)};
function handler(event) {
  var request = event.request;
  var notFound = { statusCode: 404, statusDescription: 'Not Found', headers: { 'content-type': { value: 'application/json; charset=utf-8' }, 'cache-control': { value: 'no-store' } }, body: { encoding: 'text', data: NOT_FOUND } };
  if (request.method && request.method !== 'GET' && request.method !== 'HEAD') return notFound;
  var target = PAGES[request.uri];
  if (target) { request.uri = target; return request; }
  if (request.uri.indexOf('${DASHBOARD_PATH}/') !== 0) return notFound;
  return request;
}`;
}
