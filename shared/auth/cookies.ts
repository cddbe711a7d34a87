/** Minimal cookie handling: the names and values we set are all URL-safe tokens. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    // The first occurrence wins, as browsers send the most specific cookie first.
    if (name && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  readonly maxAge: number;
  readonly sameSite?: 'Lax' | 'Strict';
}

/**
 * Every cookie of the service is `__Host-` prefixed: Secure, Path=/ and no Domain, so no
 * sibling host or path can set or read it. All are HttpOnly: no script ever needs them.
 */
export function hostCookie(name: string, value: string, options: CookieOptions): string {
  if (!name.startsWith('__Host-')) throw new Error(`cookie ${name} must carry the __Host- prefix`);
  return `${name}=${value}; Path=/; Max-Age=${options.maxAge}; HttpOnly; Secure; SameSite=${options.sameSite ?? 'Lax'}`;
}

export function clearedCookie(name: string): string {
  return hostCookie(name, '', { maxAge: 0 });
}
