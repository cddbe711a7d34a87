import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROVIDERS, PROVIDER_IDS, type ProviderId } from '../auth/providers.js';
import { config } from '../config/index.js';
import { escapeHtml, page } from '../render/html.js';
import type { SideRoute } from './gateway-server.js';

/**
 * Local stand-ins for GitHub, Google and Microsoft: the authorize page (pick a test user), the
 * token endpoint and the user endpoints, strict about what the real ones check (client
 * credentials, redirect URI, single-use codes, PKCE S256 for Google and Microsoft). They exist
 * only in `npm start` and tests; the CDK app never includes them.
 */
export const IDP_BASE_PATH = '/_idp';

export interface TestUser {
  readonly subject: string;
  readonly name: string;
  readonly email: string;
  /** Seeded as another account's identity, to try linking an identity that is taken. */
  readonly linkedElsewhere?: boolean;
}

export const TEST_USERS: Readonly<Record<ProviderId, readonly TestUser[]>> = {
  github: [
    { subject: '1001', name: 'Alice', email: 'alice@example.com' },
    { subject: '1002', name: 'Bob', email: 'bob@example.com' },
    { subject: '1003', name: 'Carol', email: 'carol@example.com' },
  ],
  google: [
    { subject: 'google-alice-0001', name: 'Alice', email: 'alice@example.com' },
    { subject: 'google-dave-0002', name: 'Dave', email: 'dave@example.org' },
    { subject: 'google-mallory-0003', name: 'Mallory (already linked to another account)', email: 'mallory@example.org', linkedElsewhere: true },
  ],
  microsoft: [
    { subject: 'ms-alice-0001', name: 'Alice', email: 'alice@example.com' },
    { subject: 'ms-erin-0002', name: 'Erin', email: 'erin@example.net' },
    { subject: 'ms-frank-0003', name: 'Frank', email: 'frank@example.net' },
  ],
};

export const LOCAL_CLIENTS: Readonly<Record<ProviderId, { id: string; secret: string }>> = {
  github: { id: 'local-github-client', secret: 'local-github-secret' },
  google: { id: 'local-google-client', secret: 'local-google-secret' },
  microsoft: { id: 'local-microsoft-client', secret: 'local-microsoft-secret' },
};

/** The configuration that points the sign-in functions at the stand-ins served by `baseUrl`. */
export function localIdentityProviderEnvironment(baseUrl: string): Record<string, string> {
  const at = (path: string) => `${baseUrl}${IDP_BASE_PATH}${path}`;
  return {
    OAUTH_SECRET_JSON: JSON.stringify(
      Object.fromEntries(
        PROVIDER_IDS.flatMap((p) => [
          [`${p}_client_id`, LOCAL_CLIENTS[p].id],
          [`${p}_client_secret`, LOCAL_CLIENTS[p].secret],
        ]),
      ),
    ),
    OAUTH_ALLOW_HTTP_LOOPBACK: 'true',
    GITHUB_AUTHORIZE_URL: at('/github/login/oauth/authorize'),
    GITHUB_TOKEN_URL: at('/github/login/oauth/access_token'),
    GITHUB_API_URL: at('/github/api'),
    GOOGLE_AUTHORIZE_URL: at('/google/authorize'),
    GOOGLE_TOKEN_URL: at('/google/token'),
    GOOGLE_USERINFO_URL: at('/google/userinfo'),
    MICROSOFT_AUTHORIZE_URL: at('/microsoft/authorize'),
    MICROSOFT_TOKEN_URL: at('/microsoft/token'),
    MICROSOFT_USERINFO_URL: at('/microsoft/userinfo'),
  };
}

interface PendingCode {
  readonly provider: ProviderId;
  readonly user: TestUser;
  readonly redirectUri: string;
  readonly challenge?: string;
  readonly expiresAt: number;
}

const AUTHORIZE_PATHS: Record<string, ProviderId> = {
  '/github/login/oauth/authorize': 'github',
  '/google/authorize': 'google',
  '/microsoft/authorize': 'microsoft',
};
const TOKEN_PATHS: Record<string, ProviderId> = {
  '/github/login/oauth/access_token': 'github',
  '/google/token': 'google',
  '/microsoft/token': 'microsoft',
};

export interface StandInOptions {
  /** Who may sign in; tests add throwaway users so that each test has identities of its own. */
  readonly findUser?: (provider: ProviderId, subject: string) => TestUser | undefined;
}

const findTestUser = (provider: ProviderId, subject: string) => TEST_USERS[provider].find((u) => u.subject === subject);

export function identityProviderStandIns(options: StandInOptions = {}): SideRoute {
  const findUser = options.findUser ?? findTestUser;
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, { provider: ProviderId; user: TestUser }>();

  return async (req, res, url) => {
    if (!url.pathname.startsWith(`${IDP_BASE_PATH}/`)) return false;
    const path = url.pathname.slice(IDP_BASE_PATH.length);
    const chooseFor = path.endsWith('/choose') ? AUTHORIZE_PATHS[path.slice(0, -'/choose'.length)] : undefined;
    const authorizeFor = AUTHORIZE_PATHS[path];
    if (req.method === 'GET' && (authorizeFor || chooseFor)) {
      const provider = (authorizeFor ?? chooseFor) as ProviderId;
      const problem = checkAuthorizeRequest(provider, url.searchParams);
      if (problem) return send(res, 400, 'text/plain; charset=utf-8', `Stand-in ${provider}: ${problem}`);
      if (authorizeFor) return send(res, 200, 'text/html; charset=utf-8', authorizePage(provider, url));
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      const user = findUser(provider, url.searchParams.get('user') ?? '');
      if (!user) {
        redirect.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(24).toString('base64url');
        codes.set(code, {
          provider,
          user,
          redirectUri: redirect.origin + redirect.pathname,
          ...(url.searchParams.get('code_challenge') ? { challenge: url.searchParams.get('code_challenge') ?? '' } : {}),
          expiresAt: Date.now() + 60_000,
        });
        redirect.searchParams.set('code', code);
      }
      res.writeHead(302, { Location: redirect.href, 'Cache-Control': 'no-store' }).end();
      return true;
    }
    const tokenFor = TOKEN_PATHS[path];
    if (req.method === 'POST' && tokenFor) {
      const form = new URLSearchParams(await readText(req));
      const code = form.get('code') ?? '';
      const pending = codes.get(code);
      codes.delete(code); // single use, whatever happens next
      const error = checkTokenRequest(tokenFor, req, form, pending);
      if (error || !pending) return send(res, 400, 'application/json', JSON.stringify({ error: error ?? 'invalid_grant' }));
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, { provider: tokenFor, user: pending.user });
      return send(
        res,
        200,
        'application/json',
        JSON.stringify({ access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: PROVIDERS[tokenFor].scopes.join(' ') }),
      );
    }
    if (req.method === 'GET') {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const holder = bearer ? tokens.get(bearer) : undefined;
      const endpoint = userEndpoint(path);
      if (endpoint) {
        if (!holder || holder.provider !== endpoint.provider) return send(res, 401, 'application/json', JSON.stringify({ message: 'Bad credentials' }));
        return send(res, 200, 'application/json', JSON.stringify(endpoint.body(holder.user)));
      }
    }
    return send(res, 404, 'text/plain; charset=utf-8', 'Stand-in: no such endpoint');
  };
}

function userEndpoint(path: string): { provider: ProviderId; body: (user: TestUser) => unknown } | undefined {
  switch (path) {
    case '/github/api/user':
      return { provider: 'github', body: (u) => ({ id: Number(u.subject), login: u.name.toLowerCase().split(' ')[0], name: u.name }) };
    case '/github/api/user/emails':
      return {
        provider: 'github',
        body: (u) => [
          { email: `${u.subject}+noreply@users.noreply.github.test`, primary: false, verified: true, visibility: null },
          { email: u.email, primary: true, verified: true, visibility: 'private' },
        ],
      };
    case '/google/userinfo':
      return { provider: 'google', body: (u) => ({ sub: u.subject, email: u.email, email_verified: true, name: u.name }) };
    case '/microsoft/userinfo':
      return { provider: 'microsoft', body: (u) => ({ sub: u.subject, email: u.email, name: u.name }) };
    default:
      return undefined;
  }
}

function expectedRedirect(provider: ProviderId): string {
  return new URL(`/auth/${provider}/callback`, config().PUBLIC_BASE_URL).href;
}

function checkAuthorizeRequest(provider: ProviderId, params: URLSearchParams): string | undefined {
  if (params.get('client_id') !== LOCAL_CLIENTS[provider].id) return 'unknown client_id';
  if (params.get('redirect_uri') !== expectedRedirect(provider)) return 'redirect_uri is not registered for this client';
  if (params.get('response_type') !== 'code') return 'response_type must be code';
  if (!params.get('state')) return 'state is required';
  if (PROVIDERS[provider].pkce && (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge'))) {
    return 'PKCE with S256 is required';
  }
  return undefined;
}

function checkTokenRequest(provider: ProviderId, req: IncomingMessage, form: URLSearchParams, pending: PendingCode | undefined): string | undefined {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent) : [];
  if (id !== LOCAL_CLIENTS[provider].id || secret !== LOCAL_CLIENTS[provider].secret) return 'invalid_client';
  if (form.get('grant_type') !== 'authorization_code') return 'unsupported_grant_type';
  if (!pending || pending.provider !== provider || pending.expiresAt < Date.now()) return 'invalid_grant';
  if (form.get('redirect_uri') !== pending.redirectUri) return 'invalid_grant';
  if (PROVIDERS[provider].pkce) {
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!pending.challenge || challenge !== pending.challenge) return 'invalid_grant';
  }
  return undefined;
}

function authorizePage(provider: ProviderId, url: URL): string {
  const label = PROVIDERS[provider].label;
  const choose = (subject: string | undefined) => {
    const next = new URL(`${url.pathname}/choose`, 'http://stand-in.invalid');
    for (const [k, v] of url.searchParams) next.searchParams.set(k, v);
    if (subject) next.searchParams.set('user', subject);
    return `${next.pathname}${next.search}`;
  };
  const users = TEST_USERS[provider]
    .map(
      (u) =>
        `<li><a href="${escapeHtml(choose(u.subject))}" data-user="${escapeHtml(u.subject)}">${escapeHtml(u.name)}</a> <span class="meta">${escapeHtml(u.email)}</span></li>`,
    )
    .join('\n');
  return page(
    `Sign in to ${label} (local stand-in)`,
    `<h1>${escapeHtml(label)} (local stand-in)</h1>
<p>This page stands in for ${escapeHtml(label)} on this machine. Choose the test user to sign in as.</p>
<ul>
${users}
</ul>
<p><a href="${escapeHtml(choose(undefined))}">Cancel</a></p>`,
    { header: false },
  );
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, type: string, body: string): true {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'Content-Length': String(Buffer.byteLength(body)) });
  res.end(body);
  return true;
}

/**
 * Gives each `linkedElsewhere` test user an account of their own, so that linking them from
 * another account shows the refusal. Idempotent: an identity that exists is left alone.
 */
export async function seedLinkedElsewhere(): Promise<void> {
  const { accountRepository } = await import('../repositories/account-repository.js');
  const { identityRef, identityRepository } = await import('../repositories/identity-repository.js');
  for (const provider of PROVIDER_IDS) {
    for (const user of TEST_USERS[provider].filter((u) => u.linkedElsewhere)) {
      const accountId = accountRepository.newAccountId();
      const claim = await identityRepository.claim({
        account_id: accountId,
        provider,
        subject: user.subject,
        email: user.email,
        linked_at: new Date().toISOString(),
      });
      if (claim.outcome === 'claimed') {
        await accountRepository.createAccount(user.email, { accountId, identity: identityRef(provider, user.subject) });
      }
    }
  }
}
