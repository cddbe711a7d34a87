import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { DASHBOARD_CSP, DASHBOARD_PATH, SECURITY_HEADERS, SITE_PAGES } from '../platform/web.js';
import type { SideRoute } from './gateway-server.js';
import { PROJECT_ROOT } from './stack.js';

const DIST = join(PROJECT_ROOT, 'dashboard', 'dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The object a path names: a page of SITE_PAGES, or a file directly under /dashboard/. */
function objectOf(pathname: string): string | undefined {
  const path = SITE_PAGES[pathname] ?? pathname;
  if (!path.startsWith(`${DASHBOARD_PATH}/`)) return undefined;
  const name = path.slice(DASHBOARD_PATH.length + 1);
  return /^[a-z0-9-]+\.[a-z]+$/.test(name) && TYPES[extname(name)] ? name : undefined;
}

/**
 * What CloudFront serves from the S3 bucket in AWS: the built site with the same path rewrites
 * (SITE_PAGES) and security headers as the distribution. Builds it first if dist is missing.
 */
export function dashboardFiles(): SideRoute {
  let built: Promise<void> | undefined;
  const ensureBuilt = () => {
    built ??= existsSync(join(DIST, 'home.html')) ? Promise.resolve() : import('../../dashboard/build.js').then((m) => m.buildDashboard(DIST));
    return built;
  };
  return async (req, res, url) => {
    const name = objectOf(url.pathname);
    if (!name || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    await ensureBuilt();
    const file = join(DIST, name);
    if (!existsSync(file)) return false;
    const body = readFileSync(file);
    res.writeHead(200, {
      'Content-Type': TYPES[extname(name)] ?? 'application/octet-stream',
      'Content-Length': String(body.length),
      'Cache-Control': name.endsWith('.html') ? 'no-cache' : 'public, max-age=300',
      'Content-Security-Policy': DASHBOARD_CSP,
      ...SECURITY_HEADERS,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
