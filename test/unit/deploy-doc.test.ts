import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../infra/project-root.js';

const doc = readFileSync(join(PROJECT_ROOT, 'docs/deploy.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

test('every `npm run X` in docs/deploy.md is a script of package.json', () => {
  const named = [...doc.matchAll(/npm run ([a-z0-9:_-]+)/gi)].map((m) => m[1] as string);
  expect(named.length).toBeGreaterThan(3);
  for (const name of new Set(named)) expect(scripts, `npm run ${name}`).toHaveProperty(name);
});

test('the doc covers the path from a fresh account to a monitored service', () => {
  for (const topic of ['Bootstrap', 'First deploy', 'providers', 'Secrets', 'First data load', 'Custom domain and DNS', 'Alarms e-mail', 'Updates and rollback', 'Monthly cost', '1 M', '10 M', 'Assumptions']) {
    expect(doc, topic).toContain(topic);
  }
});
