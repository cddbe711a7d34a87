import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BUNDLE_CACHE_CONTEXT } from './infra/bundle-cache.js';

/**
 * The infra suites build the app thirteen times: each build's 21 function bundles come from a
 * cache (infra/bundle-cache.ts) where esbuild would write the same bytes. One folder per checkout.
 */
const infraBundleCache = join(
  tmpdir(),
  `plaincve-bundles-${createHash('sha256')
    .update(import.meta.dirname)
    .digest('hex')
    .slice(0, 12)}`,
);

// One project per suite, so `npm test` stays self-contained while e2e and real-data suites
// (which need Chromium or ../shared/data) run only when asked for.
export default defineConfig({
  test: {
    // outputFile at this level (not as a reporter option), so that .ci/run's
    // `--outputFile.json=<file>` overrides it: a reporter's own option beats the command line.
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-report.json' },
    // Functions log at WARN in the suites so failures stand out; the logs suite turns DEBUG back on.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'WARN' },
    projects: [
      // Unit files share their workers' module graph (no stack, no store; the few that set process.env
      // restore it): each file no longer imports zod, the SDK and the renderers afresh.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], isolate: false } },
      { extends: true, test: { name: 'integration', include: ['test/integration/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 } },
      // Synthesised as `cdk deploy` does: with a concrete account and region (the CLI sets them from
      // the credentials), so the templates, cdk-nag and the schema checks see what a deploy sees.
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          // Files share their worker's module graph: aws-cdk-lib, cdk-nag and CloudFormation's schema
          // (the first synth of a process spends about 15 s loading them) load once per worker. No
          // file changes process state; each builds its own App.
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          env: {
            CDK_DEFAULT_ACCOUNT: '123456789012',
            CDK_DEFAULT_REGION: 'us-east-1',
            // Read by every App the suites construct (`cdk synth` sets its own, so it bundles afresh).
            CDK_CONTEXT_JSON: JSON.stringify({ [BUNDLE_CACHE_CONTEXT]: infraBundleCache }),
          },
        },
      },
      // A browser on a busy 2-core machine can take seconds to reflect a server round trip: polls wait
      // up to 15 s (they end as soon as the page agrees), never the 1 s default.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
      // The data folder is ingested once for all data suites (test/support/data-global-setup.ts).
      {
        extends: true,
        test: {
          name: 'data',
          include: ['test/data/**/*.test.ts'],
          globalSetup: ['test/support/data-global-setup.ts'],
          testTimeout: 1_800_000,
          hookTimeout: 1_800_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
