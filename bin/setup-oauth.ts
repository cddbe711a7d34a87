/**
 * `npm run setup:oauth -- --provider github --client-id ID [--secret-id plaincve/oauth | --local-file PATH]`
 * fills one provider's OAuth settings. The client secret is read from stdin (never argv, where
 * it would land in shell history and process listings): paste it and press Enter, or pipe it.
 * By default it writes the Secrets Manager secret the stateful stack created (AWS credentials and
 * region from the environment); `--local-file` writes a local settings file instead (point
 * OAUTH_SECRET_FILE at it).
 */
import { exitOnCliFailure } from './cli-failure.js';
import { createInterface } from 'node:readline';
import { providerIdSchema } from '../shared/auth/providers.js';
import { OAUTH_SECRET_NAME } from '../shared/platform/deployment.js';
import { setupOAuthProvider, type OAuthSettingsStore } from '../shared/accounts/use-cases/setup-oauth.js';

exitOnCliFailure('npm run setup:oauth');

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const usage =
  'Usage: npm run setup:oauth -- --provider github|google|microsoft --client-id ID [--secret-id NAME | --local-file PATH]  (client secret on stdin)';
const args = process.argv.slice(2);
const options = new Map<string, string>();
for (let i = 0; i < args.length; i += 2) {
  const [name, value] = [args[i], args[i + 1]];
  if (!name?.startsWith('--') || value === undefined || !['--provider', '--client-id', '--secret-id', '--local-file'].includes(name)) {
    console.error(usage);
    process.exit(2);
  }
  options.set(name, value);
}
const provider = providerIdSchema.safeParse(options.get('--provider'));
const clientId = options.get('--client-id')?.trim();
if (!provider.success || !clientId) {
  console.error(usage);
  process.exit(2);
}
const localFile = options.get('--local-file');
const store: OAuthSettingsStore = localFile ? { kind: 'file', path: localFile } : { kind: 'aws', secretId: options.get('--secret-id') ?? OAUTH_SECRET_NAME };

async function readSecretFromStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write(`${provider.data} client secret (input is read from stdin): `);
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.trim();
  }
  return '';
}

const clientSecret = await readSecretFromStdin();
if (!clientSecret) {
  console.error('No client secret on stdin.');
  process.exit(2);
}
try {
  await setupOAuthProvider(store, provider.data, clientId, clientSecret);
} catch (error) {
  console.error(`setup:oauth failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(
  `${provider.data}: client id and secret stored in ${store.kind === 'aws' ? `Secrets Manager secret ${store.secretId}` : store.path}. Sign-in picks it up within 5 minutes.`,
);
