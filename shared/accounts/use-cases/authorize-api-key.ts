import { hashApiKey, isWellFormedApiKey } from '../../domain/api-key.js';
import { accountRepository } from '../../repositories/account-repository.js';

export type Authorization = { outcome: 'allow'; accountId: string; keyId: string } | { outcome: 'deny' };

/**
 * The authorizer's half of the key check: a key is allowed through the gateway when it is well
 * formed (shape and checksum, checked offline so that junk costs no read) and its key item
 * exists (one strongly consistent read: hash → account). That mapping never changes, so API
 * Gateway may cache the answer (AUTHORIZER_CACHE_TTL_SECONDS). Whether the key is still its
 * account's current one is the other half, checked on every request by the same conditional
 * write that takes the request's unit of the allowance (accountRepository.takeRequestUnit).
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
