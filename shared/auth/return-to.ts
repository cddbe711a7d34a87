/** Where the dashboard lives and where sign-in lands by default. */
export const DASHBOARD_PATH = '/dashboard';

/**
 * `returnTo` after sign-in: only a same-origin relative path. Anything that a browser could
 * read as another origin (`//evil`, `/\evil`, `https://…`, control characters) or that leaves
 * the dashboard falls back to the dashboard.
 */
export function safeReturnTo(candidate: string | null | undefined): string {
  if (!candidate || candidate.length > 200) return DASHBOARD_PATH;
  if (!/^\/[A-Za-z0-9\-._~/?=&%#]*$/.test(candidate)) return DASHBOARD_PATH;
  if (candidate.startsWith('//')) return DASHBOARD_PATH;
  const url = new URL(candidate, 'https://origin.invalid');
  if (url.origin !== 'https://origin.invalid') return DASHBOARD_PATH;
  if (url.pathname !== DASHBOARD_PATH && !url.pathname.startsWith(`${DASHBOARD_PATH}/`)) return DASHBOARD_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The Origin header of a state-changing request must be exactly the public origin. */
export function isSameOrigin(originHeader: string | undefined, publicBaseUrl: string): boolean {
  if (!originHeader) return false;
  try {
    return originHeader === new URL(publicBaseUrl).origin;
  } catch {
    return false;
  }
}
