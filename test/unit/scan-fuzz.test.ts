import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/domain/errors.js';
import { FIELD_BOUNDS, MAX_ENTRY_LENGTH, MAX_LINES } from '../../shared/scan/bounds.js';
import { MAX_COMPONENTS } from '../../shared/scan/manifest.js';
import { parseManifest } from '../../shared/scan/parse-manifest.js';
import { cycloneDxManifest, junkManifest, mangledFixture, packageLockManifest, requirementsManifest, spdxManifest } from '../support/manifest-arbitraries.js';

/**
 * Issue 24's fuzz suite over the scan's readers: whatever the body, a manifest reader answers a
 * 4xx (an ApiError the handler turns into the product's envelope) or a reading within the
 * bounds; any other throw (a TypeError, a RangeError, a URIError from an encoder) would be a 500
 * and fails the property. The HTTP half (test/integration/scan-fuzz.test.ts) sends such bodies
 * through the scan function with every answer format.
 */
async function readsWithinBounds(body: string): Promise<void> {
  let manifest;
  try {
    manifest = await parseManifest(body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.statusCode).toBeGreaterThanOrEqual(400);
    expect(error.statusCode).toBeLessThan(500);
    return;
  }
  expect(manifest.components.length).toBeLessThanOrEqual(MAX_COMPONENTS);
  expect(manifest.notChecked.length).toBeLessThanOrEqual(MAX_COMPONENTS + MAX_LINES);
  for (const component of manifest.components) {
    expect(component.name.length).toBeLessThanOrEqual(FIELD_BOUNDS.name);
    expect(component.version.length).toBeLessThanOrEqual(FIELD_BOUNDS.version);
    expect(component.version).not.toBe('');
  }
  for (const entry of manifest.notChecked) {
    expect(entry.entry.length).toBeLessThanOrEqual(MAX_ENTRY_LENGTH);
    expect(entry.reason).not.toBe('');
  }
}

const RUNS = Number(process.env.SCAN_FUZZ_RUNS ?? 120);

describe('scan readers under random and adversarial manifests: a 4xx or a bounded reading, never a failure', () => {
  it.each([
    ['requirements.txt', requirementsManifest],
    ['package-lock.json', packageLockManifest],
    ['CycloneDX', cycloneDxManifest],
    ['SPDX', spdxManifest],
    ['mangled fixtures', mangledFixture],
    ['junk', junkManifest],
  ] as const)(
    '%s',
    async (_kind, arbitrary) => {
      await fc.assert(fc.asyncProperty(arbitrary, readsWithinBounds), { numRuns: RUNS });
    },
    120_000,
  );
});
