import * as z from '../../domain/zod.js';
import { PROVIDERS, providerIdSchema, type ProviderId } from '../../auth/providers.js';
import { ApiError } from '../../domain/errors.js';
import { ACCOUNT_WIDE, CORE_LIMIT, EXPORT_LIMIT, windowAt } from '../../domain/limits.js';
import { accountRepository, type AccountItem } from '../../repositories/account-repository.js';
import { USAGE_SK_PREFIX, counterRepository } from '../../repositories/counter-repository.js';
import { identityRef, identityRepository, type IdentityItem } from '../../repositories/identity-repository.js';
import { sessionRepository } from '../../repositories/session-repository.js';
import { watchlistRepository } from '../../repositories/watchlist-repository.js';
import { issuedKeyOf, sealIssuedKey, type ActiveSession } from './sessions.js';
import { dailyUsageSince } from './usage-history.js';
import { platformClock } from '../../platform/clock.js';
import { withRotationUnit } from './rotation-allowance.js';

/** What the dashboard shows (GET /account/me). Only the caller's own account, never a hash. */
export interface AccountOverview {
  readonly email: string;
  readonly created_at: string;
  readonly providers: { provider: ProviderId; label: string; subject: string; email: string; linked_at: string }[];
  readonly available_providers: { provider: ProviderId; label: string }[];
  readonly key: { key_id: string; prefix: string; created_at: string } | null;
  /** The full key, only in the session that issued it and only while it is the current key. */
  readonly issued_key: string | null;
  readonly usage: {
    minute: { used: number; limit: number; reset_at: number };
    hour: { used: number; limit: number; reset_at: number };
  };
  readonly csrf_token: string;
  readonly session_expires_at: number;
}

/**
 * The account's identities: the account index (eventually consistent in DynamoDB) plus a
 * consistent read of any identity the account item lists that the index does not show yet,
 * so a provider linked a moment ago appears at once.
 */
async function identitiesOf(account: AccountItem): Promise<IdentityItem[]> {
  const indexed = await identityRepository.indexedOf(account.account_id);
  const seen = new Set(indexed.map((i) => identityRef(i.provider, i.subject)));
  const missing = [...(account.identities ?? [])].filter((ref) => !seen.has(ref));
  const fetched = await Promise.all(
    missing.map((ref) => {
      const [provider, ...subject] = ref.split('#');
      const parsed = providerIdSchema.safeParse(provider);
      return parsed.success ? identityRepository.find(parsed.data, subject.join('#')) : Promise.resolve(undefined);
    }),
  );
  return [...indexed, ...fetched.filter((i): i is IdentityItem => i?.account_id === account.account_id)];
}

export async function accountOverview(active: ActiveSession, nowMs = platformClock.now()): Promise<AccountOverview> {
  const { account } = active;
  const identities = await identitiesOf(account);
  const minute = windowAt(nowMs, CORE_LIMIT.windowSeconds);
  const hour = windowAt(nowMs, EXPORT_LIMIT.windowSeconds);
  // The allowances are the account's, whichever key spent them; the minute's window is on the
  // account item the session has just read (consistently).
  const minuteUsed = accountRepository.accountWindowUsed(account, minute.start);
  const hourUsed = await counterRepository.used({ accountId: account.account_id, keyId: ACCOUNT_WIDE, resource: 'exports', windowStart: hour.start });
  return {
    email: account.email,
    created_at: account.created_at,
    providers: identities
      .map((i) => ({ provider: i.provider, label: PROVIDERS[i.provider].label, subject: i.subject, email: i.email, linked_at: i.linked_at }))
      .sort((a, b) => a.linked_at.localeCompare(b.linked_at)),
    // Only providers not linked yet can be linked (one identity per provider in the dashboard).
    available_providers: providerIdSchema.options
      .filter((provider) => !identities.some((i) => i.provider === provider))
      .map((provider) => ({ provider, label: PROVIDERS[provider].label })),
    key: account.current_key ? { key_id: account.current_key.key_id, prefix: account.current_key.prefix, created_at: account.current_key.created_at } : null,
    issued_key: issuedKeyOf(active) ?? null,
    usage: {
      minute: { used: minuteUsed, limit: CORE_LIMIT.limit, reset_at: minute.resetAt },
      hour: { used: hourUsed, limit: EXPORT_LIMIT.limit, reset_at: hour.resetAt },
    },
    csrf_token: active.session.csrf_token,
    session_expires_at: active.session.expires_at,
  };
}

/** "Rotate key": a new key, the old one revoked; this session may show the new one. */
export async function rotateKey(active: ActiveSession, nowMs = platformClock.now()) {
  const accountId = active.account.account_id;
  const key = await withRotationUnit(accountId, nowMs, () => accountRepository.issueKey(accountId));
  await sessionRepository.setIssuedKey(active.hash, sealIssuedKey(active.sessionId, active.account.account_id, key));
  return { api_key: key.apiKey, key_id: key.keyId, prefix: key.prefix, created_at: key.createdAt };
}

export const unlinkRequestSchema = z.strictObject({ provider: providerIdSchema, subject: z.string().check(z.minLength(1), z.maxLength(255)) });

/**
 * Unlink, only while another identity remains. Order: the guarded removal from the account's
 * identity set (one conditional write decides), then the identity item. A stop in between
 * leaves the identity able to sign in (and sign-in puts it back in the set): nobody is locked out.
 */
export async function unlinkIdentity(active: ActiveSession, request: z.infer<typeof unlinkRequestSchema>) {
  const accountId = active.account.account_id;
  const identity = await identityRepository.find(request.provider, request.subject);
  if (!identity || identity.account_id !== accountId) {
    throw new ApiError('NOT_FOUND', 'This sign-in is not linked to your account.');
  }
  const ref = identityRef(request.provider, request.subject);
  if (!(await accountRepository.removeIdentityRef(accountId, ref))) {
    throw new ApiError('CONFLICT', 'Link another sign-in provider before unlinking this one: an account needs at least one.');
  }
  await identityRepository.remove(request.provider, request.subject, accountId);
  return { unlinked: { provider: request.provider } };
}

export const emailRequestSchema = z.strictObject({
  email: z
    .email({ error: 'Enter an e-mail address such as name@example.com.' })
    .check(z.maxLength(254, { error: 'An e-mail address has at most 254 characters.' })),
});

export async function updateEmail(active: ActiveSession, request: z.infer<typeof emailRequestSchema>) {
  const email = request.email.trim().toLowerCase();
  await accountRepository.updateEmail(active.account.account_id, email);
  return { email };
}

/** "Export account data": everything held about the account, never a key or session hash. */
export async function exportAccountData(active: ActiveSession, nowMs = platformClock.now()) {
  const accountId = active.account.account_id;
  const items = await accountRepository.itemsByKind(accountId);
  const [counters, windows] = await Promise.all([counterRepository.countersOf(accountId), accountRepository.rateWindows(accountId)]);
  // The per-minute allowance's windows are kept on the account item, the hourly export ones in the counters table.
  const minuteCounters = windows.map((w) => ({ resource: CORE_LIMIT.resource, key_id: w.keyId, window_start: w.windowStart, count: w.used }));
  const pick = (item: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.filter((f) => item[f] !== undefined).map((f) => [f, item[f]]));
  const [account] = items.account;
  return {
    exported_at: new Date(nowMs).toISOString(),
    account: {
      account_id: accountId,
      email: account?.email,
      status: account?.status,
      created_at: account?.created_at,
    },
    identities: items.identity.map((i) => pick(i, ['provider', 'subject', 'email', 'linked_at'])),
    api_keys: items.key.map((i) => pick(i, ['key_id', 'prefix', 'created_at'])),
    sessions: items.session.map((i) => ({
      ...pick(i, ['provider', 'created_at', 'last_seen_at', 'idle_expires_at', 'absolute_expires_at']),
      this_session: accountRepository.isSessionItem(i, active.hash),
    })),
    // A consistent read of the one watchlists item (the account index may lag a fresh create).
    watchlists: await watchlistRepository.list(accountId),
    usage_counters: [
      ...minuteCounters,
      ...counters
        .filter((c) => !c.sk.startsWith(USAGE_SK_PREFIX))
        .map((c) => {
          const [resource, keyId, windowStart] = c.sk.split('#');
          return { resource, key_id: keyId, window_start: Number(windowStart), count: c.n };
        }),
    ],
    daily_usage: (await dailyUsageSince(accountId, '0000-00-00')).map((u) => ({
      key_id: u.keyId,
      day: u.day,
      requests: u.requests,
      rate_limited: u.rate_limited,
      exports: u.exports,
    })),
  };
}

export const deleteRequestSchema = z.strictObject({ confirmation: z.string() });
export const DELETE_CONFIRMATION = 'DELETE';

/** How long TTL waits before finishing an abandoned deletion on its own. */
const ABANDONED_DELETION_SECONDS = 24 * 3600;

/**
 * "Delete account", ordered so that stopping after any step leaves the data safe and a retry
 * (the same call, which accepts a deleting account's session) finishes:
 * 1. mark the account deleting: sign-in, sessions and key issue refuse it from here;
 * 2. delete every key item (the key stopped working at step 1);
 * 3. identities, counters, other sessions and anything else of the account;
 * 4. the caller's own session (so it can retry until here);
 * 5. the account item, last.
 */
export async function deleteAccount(active: ActiveSession, request: z.infer<typeof deleteRequestSchema>, nowMs = platformClock.now()) {
  if (request.confirmation.trim() !== DELETE_CONFIRMATION) {
    throw new ApiError('BAD_REQUEST', `Type ${DELETE_CONFIRMATION} to confirm that the account and its key should be deleted.`);
  }
  const accountId = active.account.account_id;
  await accountRepository.markDeleting(accountId, Math.floor(nowMs / 1000) + ABANDONED_DELETION_SECONDS);
  // From here the key is refused (the authorizer requires an active account); its items go too.
  const marked = await accountRepository.getAccount(accountId);
  if (marked) {
    await accountRepository.deleteKeys(marked);
    await counterRepository.deleteAccountCounters(accountId);
    await accountRepository.deleteItemsExcept(marked, active.hash);
  }
  await sessionRepository.delete(active.hash);
  await accountRepository.deleteAccountItem(accountId);
  return { deleted: true };
}

export async function signOut(active: ActiveSession) {
  await sessionRepository.delete(active.hash);
  return { signed_out: true };
}
