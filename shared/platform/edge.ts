import { FLOW_COOKIE_NAME, SESSION_COOKIE_NAME } from './cookies.js';
import { ROUTES, type RouteDefinition } from './routes.js';

/**
 * What CloudFront does in front of the REST API, as plain data: one behaviour per path pattern,
 * with exactly what it forwards, whether it caches, whether browsers of any origin may call it
 * (CORS) and how hard the WAF limits one IP. The CDK web stack builds its behaviours and WAF rules
 * from this table; a test checks that every route of ROUTES falls under exactly one behaviour.
 */
export type EdgeRateLimit = 'tight' | 'generous' | 'default';

export interface EdgeBehaviour {
  readonly pattern: string;
  readonly description: string;
  /** Request headers, cookies and query strings CloudFront passes to the API. */
  readonly forward: { readonly headers: readonly string[]; readonly cookies: readonly string[]; readonly queryStrings: boolean };
  /**
   * `publicPage`: cached by path alone, honouring the origin's Cache-Control. `none`: never cached.
   * `passThrough`: the origin's answers (all `no-store` or `private`) are not kept, but the policy
   * puts the forwarded headers and query strings in the key, with a 1 s ceiling, because CloudFront
   * forwards a normalised `Accept-Encoding` (gzip, br) only through a cache policy, never through an
   * origin-request policy, and only one whose TTLs are not all zero. The origin then compresses.
   * `publicSearch`: the keyless public search, cached by its `q` query string alone, so a popular
   * query reaches the function at most once per TTL (docs/site.md).
   */
  readonly cache: 'none' | 'publicPage' | 'passThrough' | 'publicSearch';
  /** Cross-origin reads allowed from any origin (the programmatic API); never for cookie routes. */
  readonly cors: boolean;
  readonly rateLimit: EdgeRateLimit;
}

export const EDGE_BEHAVIOURS: readonly EdgeBehaviour[] = [
  {
    pattern: '/api/*',
    description: "The API-key API: the key, query strings and Accept-Encoding (so exports arrive compressed); a scan body's Content-Type and Content-Encoding",
    forward: { headers: ['X-API-Key', 'Content-Type', 'Content-Encoding'], cookies: [], queryStrings: true },
    cache: 'passThrough',
    cors: true,
    rateLimit: 'generous',
  },
  {
    pattern: '/health',
    description: 'Health check',
    forward: { headers: [], cookies: [], queryStrings: false },
    cache: 'none',
    cors: true,
    rateLimit: 'generous',
  },
  {
    pattern: '/auth/*',
    description: 'Sign-in: OAuth code/state and the flow and session cookies',
    forward: { headers: [], cookies: [FLOW_COOKIE_NAME, SESSION_COOKIE_NAME], queryStrings: true },
    cache: 'none',
    cors: false,
    rateLimit: 'tight',
  },
  {
    pattern: '/account/*',
    description: "The dashboard API: the session cookie, the CSRF checks and a scan body's Content-Type and Content-Encoding",
    forward: { headers: ['Origin', 'X-CSRF-Token', 'Content-Type', 'Content-Encoding'], cookies: [SESSION_COOKIE_NAME], queryStrings: false },
    cache: 'none',
    cors: false,
    rateLimit: 'tight',
  },
  {
    pattern: '/cve/*',
    description: 'Public CVE pages',
    forward: { headers: [], cookies: [], queryStrings: false },
    cache: 'publicPage',
    cors: false,
    rateLimit: 'default',
  },
  {
    pattern: '/search',
    description: 'The public CVE search of the home page (no key): its q query string only',
    forward: { headers: [], cookies: [], queryStrings: true },
    cache: 'publicSearch',
    cors: false,
    rateLimit: 'default',
  },
  {
    pattern: '/feeds/*',
    description: "Watchlists' private Atom feeds: the token is in the path, which is the cache key (kept as long as the answer says, 5 min)",
    forward: { headers: [], cookies: [], queryStrings: false },
    cache: 'publicPage',
    cors: false,
    rateLimit: 'default',
  },
  {
    pattern: '/openapi.json',
    description: 'The OpenAPI document',
    forward: { headers: [], cookies: [], queryStrings: false },
    cache: 'publicPage',
    cors: true,
    rateLimit: 'generous',
  },
];

/**
 * The paths that take a manifest as their body (POST /api/scan, and the dashboard's scan). The
 * managed common rule set labels every body over 8 KB (SizeRestrictions_BODY); on these paths
 * that label alone does not block, so a manifest up to the scan's limit (MAX_MANIFEST_BYTES,
 * shared/scan/manifest.ts) reaches the API.
 * Every other managed rule still blocks here (infra/edge-waf.ts).
 */
export const LARGE_BODY_PATHS: readonly string[] = ['/api/scan', '/account/scan'];

/**
 * How long CloudFront waits for the API's first byte, and then between two packets (the origin
 * response timeout; 30 s unless set). 60 s is the most every account allows without a quota
 * increase. It is not a cap on a whole answer: a buffered answer comes within API Gateway's 29 s,
 * the scan's within its 60 s timeout, and the streaming exports and change pages (up to 120 s)
 * keep sending once they start, so none of them meets a 60 s silence.
 */
export const ORIGIN_READ_TIMEOUT_SECONDS = 60;

/** Requests per IP per five minutes (WAF's window) before the WAF answers 429. */
export const EDGE_RATE_LIMITS: Readonly<Record<EdgeRateLimit, number>> = {
  // Sign-in and the dashboard: a person clicks; 300 per 5 min is far past any human.
  tight: 300,
  // Scripts and CI pipelines behind one NAT: per-key limits (100/min) do the fine work.
  generous: 6000,
  default: 2000,
};

/** CloudFront's path pattern semantics (`*` any characters, `?` one) for the patterns above. */
export function patternMatches(pattern: string, path: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
  return regex.test(path);
}

/** The behaviour CloudFront picks for a path (the first pattern that matches, as CloudFront does). */
export function behaviourFor(path: string): EdgeBehaviour | undefined {
  return EDGE_BEHAVIOURS.find((b) => patternMatches(b.pattern, path));
}

/** The routes each behaviour sends to the API: a route's `{param}` stands for one segment. */
export function routesUnder(behaviour: EdgeBehaviour): readonly RouteDefinition[] {
  return ROUTES.filter((route) => behaviourFor(route.path.replace(/\{[^{}]+\}/g, 'x')) === behaviour);
}

/** Whether a browser of another origin may call this path (the CORS behaviours of the table). */
export function corsAllowed(path: string): boolean {
  return behaviourFor(path)?.cors ?? false;
}

/** CORS answers on the programmatic API, the same at CloudFront and in the local gateway. */
export const CORS = {
  allowOrigin: '*',
  // POST: /api/scan takes its manifest as the body; Content-Encoding: a gzip manifest.
  allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
  allowHeaders: ['X-API-Key', 'Content-Type', 'Content-Encoding'],
  exposeHeaders: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-RateLimit-Resource', 'Retry-After'],
  maxAgeSeconds: 600,
} as const;

/** The preflight answer's headers (CloudFront's edge function answers the same). */
export function corsPreflightHeaders(): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': CORS.allowOrigin,
    'Access-Control-Allow-Methods': CORS.allowMethods.join(', '),
    'Access-Control-Allow-Headers': CORS.allowHeaders.join(', '),
    'Access-Control-Max-Age': String(CORS.maxAgeSeconds),
  };
}

/** Headers on every other answer of a CORS path (CloudFront's response-headers policy). */
export function corsResponseHeaders(): Record<string, string> {
  return { 'Access-Control-Allow-Origin': CORS.allowOrigin, 'Access-Control-Expose-Headers': CORS.exposeHeaders.join(', ') };
}
