import fc from 'fast-check';
import { decodePathSegment } from '../../shared/http/path-parameters.js';
import { describe, expect, it } from 'vitest';
import { createRouteMatcher } from '../../shared/local/route-matcher.js';
import type { RouteDefinition } from '../../shared/platform/routes.js';
import { ROUTES } from '../../shared/platform/routes.js';

// Listed greedy first and literal last, so that the matcher's ranking, not the order, decides.
const routes: RouteDefinition[] = [
  { method: 'GET', path: '/files/{rest+}', functionId: 'health', auth: 'none' },
  { method: 'GET', path: '/api/cve/{cve_id}', functionId: 'cveLookup', auth: 'apiKey' },
  { method: 'GET', path: '/api/cve/latest', functionId: 'health', auth: 'apiKey' },
  { method: 'GET', path: '/files/{name}', functionId: 'cveLookup', auth: 'none' },
  { method: 'GET', path: '/files/readme', functionId: 'authorizer', auth: 'none' },
  { method: 'POST', path: '/api/cve/{cve_id}', functionId: 'health', auth: 'apiKey' },
];
const match = createRouteMatcher(routes);

describe('local route matcher (API Gateway resource precedence)', () => {
  it('prefers a literal segment over a parameter', () => {
    expect(match('GET', '/api/cve/latest')?.route.path).toBe('/api/cve/latest');
    expect(match('GET', '/api/cve/CVE-2021-44228')).toEqual({ route: routes[1], pathParameters: { cve_id: 'CVE-2021-44228' } });
  });

  it('prefers literal before parameter before greedy', () => {
    expect(match('GET', '/files/readme')?.route.path).toBe('/files/readme');
    expect(match('GET', '/files/other')?.route.path).toBe('/files/{name}');
    expect(match('GET', '/files/a/b/c')).toEqual({ route: routes[0], pathParameters: { rest: 'a/b/c' } });
  });

  it('matches the method as well as the path', () => {
    expect(match('POST', '/api/cve/CVE-1')?.route.functionId).toBe('health');
    expect(match('DELETE', '/api/cve/CVE-1')).toBeUndefined();
    expect(match('get', '/api/cve/CVE-1')).toBeUndefined();
  });

  it('keeps a parameter to one non-empty segment', () => {
    expect(match('GET', '/api/cve/a/b')).toBeUndefined();
    expect(match('GET', '/api/cve/')).toBeUndefined();
    expect(match('GET', '/api/cve')).toBeUndefined();
    expect(match('GET', '/API/CVE/CVE-2021-44228')).toBeUndefined();
  });

  it('hands path parameters over still percent-encoded, as a REST API does', () => {
    expect(match('GET', '/api/cve/%20CVE-2021-44228%20')?.pathParameters).toEqual({ cve_id: '%20CVE-2021-44228%20' });
    expect(match('GET', '/api/cve/caf%C3%A9')?.pathParameters).toEqual({ cve_id: 'caf%C3%A9' });
    expect(match('GET', '/api/cve/%')?.pathParameters).toEqual({ cve_id: '%' });
    expect(match('GET', '/files/a%2Fb')?.route.path).toBe('/files/{name}');
    expect(match('GET', '/files/a%2Fb')?.pathParameters).toEqual({ name: 'a%2Fb' });
  });

  it('treats regex characters in literal segments literally', () => {
    const dotted = createRouteMatcher([{ method: 'GET', path: '/api/cves/export.csv', functionId: 'health', auth: 'apiKey' }]);
    expect(dotted('GET', '/api/cves/export.csv')).toBeDefined();
    expect(dotted('GET', '/api/cves/exportxcsv')).toBeUndefined();
  });

  it('round-trips any segment through encodeURIComponent and decodePathSegment (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (raw) => {
        fc.pre(raw !== 'latest');
        const found = match('GET', `/api/cve/${encodeURIComponent(raw)}`);
        return found?.route.path === '/api/cve/{cve_id}' && decodePathSegment(found.pathParameters.cve_id ?? '') === raw;
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on any path (property)', () => {
    const real = createRouteMatcher(ROUTES);
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.constantFrom('GET', 'POST', 'HEAD', 'OPTIONS'), (path, method) => {
        const found = real(method, `/${path}`);
        return found === undefined || found.route.method === method;
      }),
      { numRuns: 300 },
    );
  });
});
