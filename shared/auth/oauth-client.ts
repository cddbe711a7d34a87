import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
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
export function startAuthorization(provider: ProviderId, clientId: string): AuthorizationStart {
  const c = config();
  const client = new OAuth2Client(clientId, null, callbackUrl(provider, c));
  const state = generateState();
  const { authorize } = endpointsOf(provider, c);
  const scopes = [...PROVIDERS[provider].scopes];
  if (PROVIDERS[provider].pkce) {
    const codeVerifier = generateCodeVerifier();
    const url = client.createAuthorizationURLWithPKCE(authorize, state, CodeChallengeMethod.S256, codeVerifier, scopes);
    if (provider === 'google') url.searchParams.set('prompt', 'select_account');
    return { url, state, codeVerifier };
  }
  return { url: client.createAuthorizationURL(authorize, state, scopes), state };
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
  const client = new OAuth2Client(credentials.clientId, credentials.clientSecret, callbackUrl(provider, c));
  let accessToken: string;
  try {
    const tokens = await client.validateAuthorizationCode(
      endpointsOf(provider, c).token,
      code,
      PROVIDERS[provider].pkce ? (codeVerifier ?? null) : null,
    );
    accessToken = tokens.accessToken();
  } catch (error) {
    throw new SignInError('the code exchange failed', { cause: error });
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
async function oidcProfile(
  provider: 'google' | 'microsoft',
  url: string,
  accessToken: string,
  c: Config,
  requireVerified: boolean,
): Promise<ProviderProfile> {
  const info = userinfoSchema.safeParse(await getJson(url, accessToken, c));
  if (!info.success) throw new SignInError(`${provider} answered in an unexpected shape`);
  if (requireVerified && info.data.email_verified !== true && info.data.email_verified !== 'true') {
    throw new SignInError(`${provider} has not verified this e-mail address`);
  }
  const email = emailSchema.safeParse(info.data.email ?? info.data.preferred_username);
  if (!email.success) throw new SignInError(`${provider} gave no e-mail address`);
  return { provider, subject: info.data.sub, email: email.data.toLowerCase() };
}
