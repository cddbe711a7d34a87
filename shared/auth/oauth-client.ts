import * as oauth from 'oauth4webapi';
import * as z from '../domain/zod.js';
import { config, type Config } from '../config/index.js';
import { PROVIDERS, type ProviderId, type ProviderProfile } from './providers.js';

/** A sign-in that cannot complete; the callback turns every one into the same generic page. */
export class SignInError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'SignInError';
  }
}

interface Endpoints {
  readonly authorize: string;
  readonly token: string;
}

function endpointsOf(provider: ProviderId, c: Config): Endpoints {
  switch (provider) {
    case 'github':
      return { authorize: c.GITHUB_AUTHORIZE_URL, token: c.GITHUB_TOKEN_URL };
    case 'google':
      return { authorize: c.GOOGLE_AUTHORIZE_URL, token: c.GOOGLE_TOKEN_URL };
    case 'microsoft':
      return { authorize: c.MICROSOFT_AUTHORIZE_URL, token: c.MICROSOFT_TOKEN_URL };
  }
}

export function callbackUrl(provider: ProviderId, c: Config = config()): string {
  return new URL(`/auth/${provider}/callback`, c.PUBLIC_BASE_URL).href;
}

export interface AuthorizationStart {
  readonly url: URL;
  readonly state: string;
  /** Only for providers that take PKCE. */
  readonly codeVerifier?: string;
}

/** The provider's authorize URL with a fresh state (and PKCE S256 challenge where it applies). */
export async function startAuthorization(provider: ProviderId, clientId: string): Promise<AuthorizationStart> {
  const c = config();
  const url = new URL(endpointsOf(provider, c).authorize);
  const state = oauth.generateRandomState();
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', callbackUrl(provider, c));
  url.searchParams.set('state', state);
  url.searchParams.set('scope', PROVIDERS[provider].scopes.join(' '));
  if (!PROVIDERS[provider].pkce) return { url, state };
  const codeVerifier = oauth.generateRandomCodeVerifier();
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  if (provider === 'google') url.searchParams.set('prompt', 'select_account');
  return { url, state, codeVerifier };
}

/**
 * Plain http only to the local stand-ins: the flag is set by the local stack alone, and even then
 * only a loopback host qualifies, so a stray flag cannot send a client secret over the network.
 */
function httpAllowed(endpoint: URL, c: Config): boolean {
  return c.OAUTH_ALLOW_HTTP_LOOPBACK && endpoint.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(endpoint.hostname);
}

/**
 * What the exchange keeps of the token response. The identity comes from the user endpoints
 * below, as it always has; an ID token in the answer is not read, so it is not validated either
 * (Entra's `common` endpoint signs it with a per-tenant issuer no single value would match).
 */
const tokenResponseSchema = z.object({ access_token: z.string().check(z.minLength(1)), token_type: z.string().check(z.regex(/^bearer$/i)) });

async function exchangeCode(
  provider: ProviderId,
  code: string,
  codeVerifier: string | undefined,
  credentials: { readonly clientId: string; readonly clientSecret: string },
  c: Config,
): Promise<string> {
  const tokenEndpoint = new URL(endpointsOf(provider, c).token);
  const server: oauth.AuthorizationServer = { issuer: tokenEndpoint.origin, token_endpoint: tokenEndpoint.href };
  const parameters = new URLSearchParams({ code, redirect_uri: callbackUrl(provider, c) });
  if (PROVIDERS[provider].pkce && codeVerifier !== undefined) parameters.set('code_verifier', codeVerifier);
  const response = await oauth.genericTokenEndpointRequest(
    server,
    { client_id: credentials.clientId },
    oauth.ClientSecretBasic(credentials.clientSecret),
    'authorization_code',
    parameters,
    { signal: AbortSignal.timeout(c.OAUTH_HTTP_TIMEOUT_MS), ...(httpAllowed(tokenEndpoint, c) ? { [oauth.allowInsecureRequests]: true } : {}) },
  );
  // GitHub answers a refused code with 200 and an `error` member; the schema refuses that too.
  const body: unknown = response.ok ? await response.json() : undefined;
  const tokens = tokenResponseSchema.safeParse(body);
  if (!tokens.success) throw new SignInError(`the token endpoint answered ${response.status} without an access token`);
  return tokens.data.access_token;
}

/**
 * Exchanges the code and reads who the user is. The provider's access token lives only in this
 * function's scope: it is never returned, logged or stored.
 */
export async function fetchProfile(
  provider: ProviderId,
  code: string,
  codeVerifier: string | undefined,
  credentials: { readonly clientId: string; readonly clientSecret: string },
): Promise<ProviderProfile> {
  const c = config();
  let accessToken: string;
  try {
    accessToken = await exchangeCode(provider, code, codeVerifier, credentials, c);
  } catch (error) {
    throw error instanceof SignInError ? error : new SignInError('the code exchange failed', { cause: error });
  }
  switch (provider) {
    case 'github':
      return githubProfile(accessToken, c);
    case 'google':
      return oidcProfile('google', c.GOOGLE_USERINFO_URL, accessToken, c, true);
    case 'microsoft':
      return oidcProfile('microsoft', c.MICROSOFT_USERINFO_URL, accessToken, c, false);
  }
}

async function getJson(url: string, accessToken: string, c: Config): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json', 'User-Agent': 'PlainCVE' },
      signal: AbortSignal.timeout(c.OAUTH_HTTP_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SignInError('the provider did not answer', { cause: error });
  }
  if (!response.ok) throw new SignInError(`the provider answered ${response.status}`);
  return response.json();
}

const emailSchema = z.email().check(z.maxLength(254));
const githubUserSchema = z.object({ id: z.number().check(z.int(), z.positive()) });
const githubEmailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

/** GitHub: the numeric user id, and the primary address only if GitHub has verified it. */
async function githubProfile(accessToken: string, c: Config): Promise<ProviderProfile> {
  const base = c.GITHUB_API_URL.replace(/\/$/, '');
  const user = githubUserSchema.safeParse(await getJson(`${base}/user`, accessToken, c));
  const emails = githubEmailsSchema.safeParse(await getJson(`${base}/user/emails`, accessToken, c));
  if (!user.success || !emails.success) throw new SignInError('GitHub answered in an unexpected shape');
  const primary = emails.data.find((e) => e.primary && e.verified);
  const email = emailSchema.safeParse(primary?.email);
  if (!email.success) throw new SignInError('GitHub has no verified primary e-mail for this user');
  return { provider: 'github', subject: String(user.data.id), email: email.data.toLowerCase() };
}

const userinfoSchema = z.object({
  sub: z.string().check(z.minLength(1), z.maxLength(255)),
  email: z.optional(z.string()),
  email_verified: z.optional(z.union([z.boolean(), z.string()])),
  preferred_username: z.optional(z.string()),
});

/** OpenID Connect userinfo: `sub` is the stable id; Google also says whether the address is verified. */
async function oidcProfile(provider: 'google' | 'microsoft', url: string, accessToken: string, c: Config, requireVerified: boolean): Promise<ProviderProfile> {
  const info = userinfoSchema.safeParse(await getJson(url, accessToken, c));
  if (!info.success) throw new SignInError(`${provider} answered in an unexpected shape`);
  if (requireVerified && info.data.email_verified !== true && info.data.email_verified !== 'true') {
    throw new SignInError(`${provider} has not verified this e-mail address`);
  }
  const email = emailSchema.safeParse(info.data.email ?? info.data.preferred_username);
  if (!email.success) throw new SignInError(`${provider} gave no e-mail address`);
  return { provider, subject: info.data.sub, email: email.data.toLowerCase() };
}
