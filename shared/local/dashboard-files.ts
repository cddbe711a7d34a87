import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DASHBOARD_CSP, DASHBOARD_PATH, SECURITY_HEADERS } from '../platform/web.js';
import type { SideRoute } from './gateway-server.js';
import { PROJECT_ROOT } from './stack.js';

const DIST = join(PROJECT_ROOT, 'dashboard', 'dist');
const FILES: Record<string, { file: string; type: string }> = {
  [DASHBOARD_PATH]: { file: 'index.html', type: 'text/html; charset=utf-8' },
  [`${DASHBOARD_PATH}/`]: { file: 'index.html', type: 'text/html; charset=utf-8' },
  [`${DASHBOARD_PATH}/index.html`]: { file: 'index.html', type: 'text/html; charset=utf-8' },
  [`${DASHBOARD_PATH}/app.js`]: { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  [`${DASHBOARD_PATH}/app.css`]: { file: 'app.css', type: 'text/css; charset=utf-8' },
};

/**
 * What CloudFront serves from the S3 bucket in AWS: the built dashboard with the same security
 * headers as the distribution's response-headers policy. Builds it first if dist is missing.
 */
export function dashboardFiles(): SideRoute {
  let built: Promise<void> | undefined;
  const ensureBuilt = () => {
    built ??= existsSync(join(DIST, 'app.js'))
      ? Promise.resolve()
      : import('../../dashboard/build.js').then((m) => m.buildDashboard(DIST));
    return built;
  };
  return async (req, res, url) => {
    if (url.pathname === '/') {
      res.writeHead(302, { Location: DASHBOARD_PATH }).end();
      return true;
    }
    const entry = FILES[url.pathname];
    if (!entry || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    await ensureBuilt();
    const body = readFileSync(join(DIST, entry.file));
    res.writeHead(200, {
      'Content-Type': entry.type,
      'Content-Length': String(body.length),
      'Cache-Control': entry.file === 'index.html' ? 'no-cache' : 'public, max-age=300',
      'Content-Security-Policy': DASHBOARD_CSP,
      ...SECURITY_HEADERS,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
