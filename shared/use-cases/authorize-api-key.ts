import { hashApiKey, isWellFormedApiKey } from '../domain/api-key.js';
import type { Caller } from '../domain/caller.js';
import { accountRepository } from '../repositories/account-repository.js';

export type Authorization = { outcome: 'allow'; accountId: string; keyId: string } | { outcome: 'deny' };

/**
 * The authorizer's half of the key check: a key is allowed through the gateway when it is well
 * formed (shape and checksum, checked offline so that junk costs no read) and its key item
 * exists (one strongly consistent read: hash → account). That mapping never changes, so API
 * Gateway may cache the answer (AUTHORIZER_CACHE_TTL_SECONDS). Whether the key is still its
 * account's current one is the other half, `currentKeyState`, checked on every request.
 * Dependency failures propagate: the gateway answers them with 503, never with a denial that
 * would look like a revoked key.
 */
export async function authorizeApiKey(candidate: string): Promise<Authorization> {
  const key = candidate.trim();
  if (!isWellFormedApiKey(key)) return { outcome: 'deny' };
  const found = await accountRepository.findKey(hashApiKey(key));
  if (!found) return { outcome: 'deny' };
  return { outcome: 'allow', ...found };
}

/**
 * The per-request half: whether the caller's key is its account's current key right now (one
 * strongly consistent read of the account item, the one item that decides). Run beside the
 * request's other calls (shared/http/rate-limit.ts), so a rotated, revoked or deleted key stops
 * at its next request whatever the authorizer cache holds.
 */
export function currentKeyState(caller: Caller): Promise<'current' | 'superseded' | 'gone'> {
  return accountRepository.keyState(caller.accountId, caller.keyId);
}
