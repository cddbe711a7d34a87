import { hashApiKey, isWellFormedApiKey } from '../domain/api-key.js';
import { accountRepository } from '../repositories/account-repository.js';

export type Authorization = { outcome: 'allow'; accountId: string; keyId: string } | { outcome: 'deny' };

/**
 * A key is allowed when it is well formed (shape and checksum, checked offline so that junk
 * costs no read) and it is its account's current key (accountRepository.findValidKey). Dependency failures propagate: the gateway
 * answers them with 503, never with a denial that would look like a revoked key.
 */
export async function authorizeApiKey(candidate: string): Promise<Authorization> {
  const key = candidate.trim();
  if (!isWellFormedApiKey(key)) return { outcome: 'deny' };
  const valid = await accountRepository.findValidKey(hashApiKey(key));
  if (!valid) return { outcome: 'deny' };
  return { outcome: 'allow', ...valid };
}
