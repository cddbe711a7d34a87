import { createHash } from 'node:crypto';
import { clearedCookie, hostCookie, parseCookies } from '../../auth/cookies.js';
import { SignInError, fetchProfile, startAuthorization } from '../../auth/oauth-client.js';
import { providerIdSchema, type ProviderId, type ProviderProfile } from '../../auth/providers.js';
import { DASHBOARD_PATH, safeReturnTo } from '../../auth/return-to.js';
import { sameToken } from '../../auth/session-secret.js';
import { FLOW_COOKIE_NAME } from '../../platform/cookies.js';
import { accountRepository } from '../../repositories/account-repository.js';
import { identityRef, identityRepository } from '../../repositories/identity-repository.js';
import { sessionRepository } from '../../repositories/session-repository.js';
import { oauthCredentials } from '../../secrets/oauth-secret.js';
import { createSession, findSession } from './sessions.js';
import { platformClock } from '../../platform/clock.js';

/** The flow cookie: provider, state, PKCE verifier and return path, for ten minutes. */
export const FLOW_COOKIE = FLOW_COOKIE_NAME;
const FLOW_SECONDS = 600;

export interface Redirect {
  readonly location: string;
  readonly cookies: readonly string[];
}

export { SignInError };

export function parseProvider(raw: string | undefined): ProviderId {
  const parsed = providerIdSchema.safeParse(raw);
  if (!parsed.success) throw new SignInError('unknown provider');
  return parsed.data;
}

/**
 * GET /auth/{provider}: state (and PKCE) in a short-lived HttpOnly cookie, then the provider. A
 * provider the operator has not configured sends the browser back to the sign-in page, which
 * shows it as unavailable, instead of failing.
 */
export async function beginSignIn(rawProvider: string | undefined, returnTo: string | undefined): Promise<Redirect> {
  const provider = parseProvider(rawProvider);
  const credentials = await oauthCredentials(provider);
  if (!credentials) return { location: `${DASHBOARD_PATH}?notice=provider-unavailable&provider=${provider}`, cookies: [] };
  const start = await startAuthorization(provider, credentials.clientId);
  const flow = [provider, start.state, start.codeVerifier ?? '-', Buffer.from(safeReturnTo(returnTo)).toString('base64url')].join('.');
  return { location: start.url.href, cookies: [hostCookie(FLOW_COOKIE, flow, { maxAge: FLOW_SECONDS })] };
}

interface Flow {
  readonly provider: string;
  readonly state: string;
  readonly codeVerifier?: string;
  readonly returnTo: string;
}

function parseFlow(value: string | undefined): Flow | undefined {
  const parts = value?.split('.');
  if (!parts || parts.length !== 4) return undefined;
  const [provider, state, verifier, returnTo] = parts as [string, string, string, string];
  return {
    provider,
    state,
    ...(verifier !== '-' ? { codeVerifier: verifier } : {}),
    returnTo: safeReturnTo(Buffer.from(returnTo, 'base64url').toString('utf8')),
  };
}

export interface CallbackInput {
  readonly provider: string | undefined;
  readonly code: string | undefined;
  readonly state: string | undefined;
  /** An error the provider reported instead of a code (the user cancelled, for instance). */
  readonly error: string | undefined;
  readonly cookieHeader: string | undefined;
}

/**
 * The callback: checks the state against the browser's flow cookie and that it was not used
 * before, exchanges the code, then either links the identity to the signed-in account or signs
 * in (finding or creating the account by identity, issuing a new key that revokes the old one,
 * and starting a fresh session). Throws SignInError for anything a user or attacker can cause;
 * the handler turns every failure into one generic page.
 */
export async function completeSignIn(input: CallbackInput, nowMs = platformClock.now()): Promise<Redirect> {
  const provider = parseProvider(input.provider);
  const flow = parseFlow(parseCookies(input.cookieHeader).get(FLOW_COOKIE));
  if (input.error) throw new SignInError('the provider reported an error');
  if (!flow || flow.provider !== provider || !input.state || !sameToken(flow.state, input.state)) {
    throw new SignInError('state missing or not matching');
  }
  if (!input.code || input.code.length > 2048) throw new SignInError('no code');
  const stateHash = createHash('sha256').update(input.state).digest('hex');
  if (!(await sessionRepository.consumeState(stateHash, Math.floor(nowMs / 1000) + FLOW_SECONDS))) {
    throw new SignInError('state already used');
  }
  const credentials = await oauthCredentials(provider);
  if (!credentials) throw new SignInError(`${provider} sign-in is not configured`);
  const profile = await fetchProfile(provider, input.code, flow.codeVerifier, credentials);
  const done = [clearedCookie(FLOW_COOKIE)];

  const current = await findSession(input.cookieHeader, { nowMs });
  if (current) {
    const notice = await linkIdentity(current.account.account_id, profile, nowMs);
    return { location: withNotice(flow.returnTo, notice, provider), cookies: done };
  }
  const accountId = await accountForIdentity(profile, nowMs);
  const key = await accountRepository.issueKey(accountId);
  const session = await createSession(accountId, provider, key, nowMs);
  return { location: flow.returnTo, cookies: [...done, session.cookie] };
}

/**
 * Where a link attempt lands: the dashboard page and tab it started from (returnTo, already
 * checked by safeReturnTo) with the outcome notice added to its query.
 */
export function withNotice(returnTo: string, notice: string, provider: string): string {
  const url = new URL(returnTo, 'https://origin.invalid');
  url.searchParams.set('notice', notice);
  url.searchParams.set('provider', provider);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Finds the account by (provider, subject), creating account and identity on first sign-in. */
async function accountForIdentity(profile: ProviderProfile, nowMs: number): Promise<string> {
  const ref = identityRef(profile.provider, profile.subject);
  let identity = await identityRepository.find(profile.provider, profile.subject);
  if (!identity) {
    // The identity item goes first and names a new account id; the account item follows. A
    // stop in between leaves an identity whose account is missing, which the next sign-in
    // with it completes below.
    const fresh = {
      account_id: accountRepository.newAccountId(),
      provider: profile.provider,
      subject: profile.subject,
      email: profile.email,
      linked_at: new Date(nowMs).toISOString(),
    };
    const claim = await identityRepository.claim(fresh);
    identity = claim.outcome === 'claimed' ? fresh : claim.existing;
  }
  let account = await accountRepository.getAccount(identity.account_id);
  account ??= await accountRepository.createAccount(profile.email, { accountId: identity.account_id, identity: ref });
  if (account.status !== 'active') throw new SignInError('the account is being deleted');
  if (!account.identities?.has(ref)) await accountRepository.addIdentityRef(account.account_id, ref);
  return account.account_id;
}

/** Links the identity to the signed-in account, or refuses when another account holds it. */
async function linkIdentity(accountId: string, profile: ProviderProfile, nowMs: number): Promise<'linked' | 'link-refused'> {
  const claim = await identityRepository.claim({
    account_id: accountId,
    provider: profile.provider,
    subject: profile.subject,
    email: profile.email,
    linked_at: new Date(nowMs).toISOString(),
  });
  if (claim.outcome === 'taken' && claim.existing.account_id !== accountId) return 'link-refused';
  await accountRepository.addIdentityRef(accountId, identityRef(profile.provider, profile.subject));
  return 'linked';
}
