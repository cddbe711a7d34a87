import { accountRepository, type AccountItem, type IssuedKey } from '../../repositories/account-repository.js';

/** The CLI's account creation (before sign-in existed, and still handy for scripts). */
export async function createAccountWithKey(email: string): Promise<{ account: AccountItem; key: IssuedKey }> {
  const account = await accountRepository.createAccount(email);
  const key = await accountRepository.issueKey(account.account_id);
  return { account, key };
}

/** Issues a fresh key for an existing active account, or creates one when it is gone. */
export async function issueKeyFor(accountId: string | undefined, email: string) {
  const existing = accountId ? await accountRepository.getAccount(accountId) : undefined;
  if (existing?.status === 'active') {
    return { account: existing, key: await accountRepository.issueKey(existing.account_id) };
  }
  return createAccountWithKey(email);
}
