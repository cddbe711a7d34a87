import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../infra/project-root.js';
import { nvdApiKeyFrom } from '../../shared/ingest/fetch/nvd-api-key.js';
import { CLOUDFRONT_REGION, NVD_API_KEY_PLACEHOLDER } from '../../shared/platform/deployment.js';
import { CORS, EDGE_RATE_LIMITS, LARGE_BODY_PATHS, ORIGIN_READ_TIMEOUT_SECONDS } from '../../shared/platform/edge.js';
import { MAX_MANIFEST_LABEL } from '../../shared/scan/manifest.js';

const doc = readFileSync(join(PROJECT_ROOT, 'docs/deploy.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

test('every `npm run X` in docs/deploy.md is a script of package.json', () => {
  const named = [...doc.matchAll(/npm run ([a-z0-9:_-]+)/gi)].map((m) => m[1] as string);
  expect(named.length).toBeGreaterThan(3);
  for (const name of new Set(named)) expect(scripts, `npm run ${name}`).toHaveProperty(name);
});

test('the doc covers the path from a fresh account to a monitored service', () => {
  for (const topic of [
    'Bootstrap',
    'First deploy',
    'providers',
    'Secrets',
    'First data load',
    'Custom domain and DNS',
    'Alarms e-mail',
    'Updates and rollback',
    'Monthly cost',
    '1 M',
    '10 M',
    'Assumptions',
  ]) {
    expect(doc, topic).toContain(topic);
  }
});

/** The doc's text with its line breaks and Markdown emphasis folded away, for phrase checks. */
const prose = doc.replace(/\s+/g, ' ').replace(/\*\*/g, '');

test("the facts the doc states about the edge are the code's", () => {
  expect(prose).toContain(`Deploy to ${CLOUDFRONT_REGION}`);
  expect(prose).toContain(`up to the scan limit (${MAX_MANIFEST_LABEL}`);
  expect(prose).toContain(`waits up to ${ORIGIN_READ_TIMEOUT_SECONDS} s`);
  for (const path of LARGE_BODY_PATHS) expect(prose).toContain(`\`${path}\``);
  // CORS: the methods and headers named are exactly the configured ones.
  const methods = CORS.allowMethods.filter((m) => m !== 'OPTIONS');
  expect(prose).toContain(`(${methods.slice(0, -1).join(', ')} and ${methods.at(-1)};`);
  for (const header of CORS.allowHeaders) expect(prose).toContain(`\`${header}\``);
  for (const [tier, limit] of Object.entries(EDGE_RATE_LIMITS)) expect(prose, tier).toContain(limit.toLocaleString('en-US'));
});

test('the NVD key steps name the placeholder the deployment creates the secret with', () => {
  expect(prose).toContain(`holding the placeholder \`${NVD_API_KEY_PLACEHOLDER}\``);
  expect(prose).toContain(`put \`${NVD_API_KEY_PLACEHOLDER}\``);
  expect(nvdApiKeyFrom(NVD_API_KEY_PLACEHOLDER)).toBeUndefined();
});
