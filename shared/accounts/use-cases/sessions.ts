import { config } from '../../config/index.js';
import { SESSION_COOKIE_NAME } from '../../platform/cookies.js';
import { parseCookies, hostCookie, clearedCookie } from '../../auth/cookies.js';
import type { ProviderId } from '../../auth/providers.js';
import { isWellFormedSessionId, newSessionId, openForSession, randomToken, sealForSession, sessionHash } from '../../auth/session-secret.js';
import { ApiError } from '../../domain/errors.js';
import { accountRepository, type AccountItem, type IssuedKey } from '../../repositories/account-repository.js';
import { sessionRepository, type SessionItem } from '../../repositories/session-repository.js';
import { platformClock } from '../../platform/clock.js';

export const SESSION_COOKIE = SESSION_COOKIE_NAME;

export interface ActiveSession {
  readonly sessionId: string;
  readonly hash: string;
  readonly session: SessionItem;
  readonly account: AccountItem;
}

const nowSeconds = (nowMs: number) => Math.floor(nowMs / 1000);

/** What binds a sealed key to its account and key id (AES-GCM additional data). */
const keyContext = (accountId: string, keyId: string) => `${accountId}:${keyId}`;

export function sealIssuedKey(sessionId: string, accountId: string, key: IssuedKey): NonNullable<SessionItem['issued_key']> {
  return { key_id: key.keyId, ...sealForSession(sessionId, key.apiKey, keyContext(accountId, key.keyId)) };
}

/** A fresh server-side session (a new id at every sign-in) and the cookie that carries it. */
export async function createSession(accountId: string, provider: ProviderId, issuedKey: IssuedKey, nowMs = platformClock.now()): Promise<{ cookie: string }> {
  const { SESSION_IDLE_SECONDS, SESSION_ABSOLUTE_SECONDS } = config();
  const sessionId = newSessionId();
  const now = nowSeconds(nowMs);
  const absolute = now + SESSION_ABSOLUTE_SECONDS;
  const idle = Math.min(absolute, now + SESSION_IDLE_SECONDS);
  await sessionRepository.create(sessionHash(sessionId), {
    account_id: accountId,
    provider,
    created_at: new Date(nowMs).toISOString(),
    last_seen_at: new Date(nowMs).toISOString(),
    idle_expires_at: idle,
    absolute_expires_at: absolute,
    expires_at: idle,
    csrf_token: randomToken(),
    issued_key: sealIssuedKey(sessionId, accountId, issuedKey),
  });
  return { cookie: hostCookie(SESSION_COOKIE, sessionId, { maxAge: SESSION_ABSOLUTE_SECONDS }) };
}

export function clearedSessionCookie(): string {
  return clearedCookie(SESSION_COOKIE);
}

/**
 * The caller's session, or undefined. Never trusts an item past its idle or absolute expiry
 * (TTL deletion is lazy), and refuses an account that is being deleted unless asked to (the
 * delete call itself, so that a retry can finish an interrupted deletion).
 */
export async function findSession(
  cookieHeader: string | undefined,
  options: { allowDeleting?: boolean; nowMs?: number } = {},
): Promise<ActiveSession | undefined> {
  const sessionId = parseCookies(cookieHeader).get(SESSION_COOKIE);
  if (!sessionId || !isWellFormedSessionId(sessionId)) return undefined;
  const nowMs = options.nowMs ?? platformClock.now();
  const now = nowSeconds(nowMs);
  const hash = sessionHash(sessionId);
  const session = await sessionRepository.get(hash);
  if (!session) return undefined;
  if (now >= session.idle_expires_at || now >= session.absolute_expires_at) {
    await sessionRepository.delete(hash);
    return undefined;
  }
  const account = await accountRepository.getAccount(session.account_id);
  if (!account) return undefined;
  if (account.status !== 'active' && !options.allowDeleting) return undefined;
  const idle = Math.min(session.absolute_expires_at, now + config().SESSION_IDLE_SECONDS);
  if (!(await sessionRepository.touch(hash, new Date(nowMs).toISOString(), idle, idle))) return undefined;
  return { sessionId, hash, session: { ...session, idle_expires_at: idle, expires_at: idle }, account };
}

export async function requireSession(cookieHeader: string | undefined, options: { allowDeleting?: boolean } = {}): Promise<ActiveSession> {
  const found = await findSession(cookieHeader, options);
  if (!found) throw new ApiError('UNAUTHENTICATED');
  return found;
}

/** The key this session issued, readable only with the session id, and only while it is current. */
export function issuedKeyOf(active: ActiveSession): string | undefined {
  const sealed = active.session.issued_key;
  const current = active.account.current_key;
  if (!sealed || !current || sealed.key_id !== current.key_id) return undefined;
  return openForSession(active.sessionId, sealed, keyContext(active.account.account_id, sealed.key_id));
}
