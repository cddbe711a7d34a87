import type { ProviderId } from '../../shared/auth/providers.js';

/**
 * A tiny cookie-keeping HTTP client that follows the sign-in redirects by hand, so tests can
 * look at every hop (Location, Set-Cookie) of the OAuth flow against the local stand-ins.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header seen, raw, for flag checks. */
  readonly setCookies: string[] = [];

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(pathOrUrl: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.baseUrl);
    const sameHost = url.origin === new URL(this.baseUrl).origin;
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(sameHost && this.cookies.size ? { Cookie: this.cookieHeader() } : {}), ...init.headers },
    });
    for (const raw of response.headers.getSetCookie()) {
      this.setCookies.push(raw);
      const [pair] = raw.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0/i.test(raw) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** GET /auth/{provider} → the stand-in's authorize page URL (with state etc.). */
  async startSignIn(provider: ProviderId, returnTo?: string): Promise<URL> {
    const response = await this.request(`/auth/${provider}${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
    if (response.status !== 302) throw new Error(`start answered ${response.status}`);
    return new URL(response.headers.get('location') ?? '');
  }

  /** Picks the test user on the stand-in's page → the callback URL the provider redirects to. */
  async chooseUser(authorizeUrl: URL, subject: string): Promise<URL> {
    const choose = new URL(`${authorizeUrl.pathname}/choose${authorizeUrl.search}`, authorizeUrl);
    choose.searchParams.set('user', subject);
    const response = await this.request(choose.href);
    if (response.status !== 302) throw new Error(`stand-in answered ${response.status}: ${await response.text()}`);
    return new URL(response.headers.get('location') ?? '');
  }

  /** The whole flow; returns the callback's response (a 302 to the dashboard on success). */
  async signIn(provider: ProviderId, subject: string, returnTo?: string): Promise<Response> {
    const callback = await this.chooseUser(await this.startSignIn(provider, returnTo), subject);
    return this.request(callback.href);
  }

  /** A dashboard API call as the dashboard makes it: same Origin, the CSRF token from /me. */
  async account(path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Response> {
    const me = await this.request('/account/me');
    const csrf = me.ok ? ((await me.json()) as { data: { csrf_token: string } }).data.csrf_token : '';
    return this.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: new URL(this.baseUrl).origin, 'X-CSRF-Token': csrf, ...headers },
      body: JSON.stringify(body),
    });
  }

  async me(): Promise<Record<string, unknown> & { issued_key: string | null; email: string; providers: { provider: string; subject: string }[] }> {
    const response = await this.request('/account/me');
    if (!response.ok) throw new Error(`/account/me answered ${response.status}`);
    return ((await response.json()) as { data: never }).data;
  }
}
