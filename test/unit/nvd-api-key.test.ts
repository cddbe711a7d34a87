import { describe, expect, it } from 'vitest';
import { nvdApiKeyFrom } from '../../shared/ingest/fetch/nvd-api-key.js';
import { NVD_API_KEY_PLACEHOLDER } from '../../shared/platform/deployment.js';

const ISSUED_KEY = '0f3c2a1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('nvdApiKeyFrom', () => {
  it('reads nothing, blanks and the placeholder as no key; a key is trimmed', () => {
    expect([undefined, '', '  \n', NVD_API_KEY_PLACEHOLDER, NVD_API_KEY_PLACEHOLDER.toUpperCase(), ` ${NVD_API_KEY_PLACEHOLDER} `].map(nvdApiKeyFrom)).toEqual(
      Array(6).fill(undefined),
    );
    expect(nvdApiKeyFrom(` ${ISSUED_KEY}\n`)).toBe(ISSUED_KEY);
  });
});
