/**
 * `npm start`: the whole service on this machine. Flags: --in-memory (no data folder),
 * --port N (or PORT), --no-seed.
 */
import { exitOnCliFailure } from './cli-failure.js';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { localConfig } from '../shared/config/local.js';
import { localPaths, removeStackNote, writeStackNote } from '../shared/local/local-store.js';
import { seedLinkedElsewhere } from '../shared/local/identity-providers.js';
import { localSideRoutes } from '../shared/local/side-routes.js';
import { startLocalStack } from '../shared/local/stack.js';
import { cveRepository } from '../shared/repositories/cve-repository.js';
import { filterIndexRepository } from '../shared/repositories/filter-index-repository.js';
import { rebuildFilterIndex } from '../shared/ingest/use-cases/rebuild-filter-index.js';
import { issueKeyFor } from '../shared/accounts/use-cases/create-account-with-key.js';
import { seedDemoCatalogue } from '../shared/ingest/use-cases/seed-demo-catalogue.js';

exitOnCliFailure('npm start');

const args = process.argv.slice(2);
const inMemory = args.includes('--in-memory');
const portFlag = args.indexOf('--port');
const settings = localConfig();
const port = portFlag >= 0 ? Number(args[portFlag + 1]) : settings.PORT;
const paths = localPaths();

const stack = await startLocalStack({
  port,
  host: settings.HOST,
  ...(inMemory ? {} : { dataPath: paths.dynamo }),
  sideRoutes: localSideRoutes(),
});
if (!inMemory) writeStackNote({ dynamoEndpoint: stack.dynamoEndpoint, baseUrl: stack.baseUrl, pid: process.pid });

if (!args.includes('--no-seed') && !(await cveRepository.hasAnyRecord())) {
  const seeded = await seedDemoCatalogue();
  console.log(
    `Seeded the demo: ${seeded.records} CVEs, ${seeded.advisories} OSV package advisories and a change log of ${seeded.changes} additions (hand-written demo data, not a live feed).`,
  );
} else if (!(await filterIndexRepository.readPointer())) {
  // A data folder from before exports existed: build the export filter index once.
  await rebuildFilterIndex();
}

// The stand-ins' "already linked to another account" test user belongs to an account of its own.
await seedLinkedElsewhere();

const demoEmail = 'demo@plaincve.local';
const savedAccountId =
  !inMemory && existsSync(paths.demoAccount) ? (JSON.parse(readFileSync(paths.demoAccount, 'utf8')) as { accountId?: string }).accountId : undefined;
const { account, key } = await issueKeyFor(savedAccountId, demoEmail);
if (!inMemory) writeFileSync(paths.demoAccount, JSON.stringify({ accountId: account.account_id }));

console.log('');
console.log('PlainCVE is running.');
console.log(`Base URL: ${stack.baseUrl}`);
console.log(`Dashboard: ${stack.baseUrl}/dashboard (sign in through the local GitHub, Google and Microsoft stand-ins)`);
console.log(`Demo API key: ${key.apiKey}`);
console.log('');
console.log('Try:');
console.log(`  curl -H "X-API-Key: ${key.apiKey}" ${stack.baseUrl}/api/cve/CVE-2021-44228`);
console.log(`  curl ${stack.baseUrl}/health`);
console.log(`  curl --compressed -H "X-API-Key: ${key.apiKey}" "${stack.baseUrl}/api/cves/export.csv?min_score=7"`);
console.log(`  curl -H "X-API-Key: ${key.apiKey}" "${stack.baseUrl}/api/packages/PyPI/django?version=3.2.13"`);
console.log(`  printf 'Django==3.2.13\\n' | curl --data-binary @- -H "X-API-Key: ${key.apiKey}" ${stack.baseUrl}/api/scan`);
console.log(`  curl -H "X-API-Key: ${key.apiKey}" "${stack.baseUrl}/api/changes?limit=5"`);
console.log('');
console.log('Webhooks: watchlists with a webhook (http://127.0.0.1:<port>/… is allowed locally) are sent the changes an');
console.log('`npm run ingest` makes while this runs: the stack follows the change log every second and delivers in-process.');
console.log('');
console.log('(Each start issues a new demo key and revokes the previous one. Ctrl-C stops.)');

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  removeStackNote();
  await stack.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
