/**
 * `npm run key -- create --email <e-mail>`: creates an account on the local store and prints its
 * API key. Works whether or not `npm start` is running.
 */
import { exitOnCliFailure } from './cli-failure.js';
import * as z from '../shared/domain/zod.js';
import { withLocalStore } from '../shared/local/local-store.js';
import { createAccountWithKey } from '../shared/accounts/use-cases/create-account-with-key.js';

exitOnCliFailure('npm run key');

const usage = 'Usage: npm run key -- create --email <e-mail>';
const [command, ...rest] = process.argv.slice(2);
const emailIndex = rest.indexOf('--email');
// The browser's (HTML5) e-mail rule: zod's default demands a TLD of two letters or more and
// refused addresses such as `a@b.c` that a person may well use for a local account.
const email = z.email({ pattern: z.regexes.html5Email }).safeParse(emailIndex >= 0 ? rest[emailIndex + 1] : undefined);

if (command !== 'create' || !email.success) {
  console.error(usage);
  process.exit(2);
}

const { account, key } = await withLocalStore(() => createAccountWithKey(email.data));
console.log(`Account: ${account.account_id} (${account.email})`);
console.log(`API key: ${key.apiKey}`);
console.log('Keep it secret: it is shown once and only its hash is stored.');
