import type { FunctionDefinition } from '../platform/function-definition.js';

/**
 * The scheduled ingest Lambda. Not behind API Gateway, so it is not in FUNCTIONS (which the API
 * stack turns into routes' functions); the ingest stack builds it from this definition.
 */
export const INGEST_FUNCTION: FunctionDefinition = {
  id: 'ingest',
  entry: 'ingest',
  description: 'Hourly catalogue ingest: NVD changes since the stored cursor, KEV and the configured side sources',
  // Scan: after a run that changed records, the ingest rebuilds the export filter index.
  // Changes: each run logs what it changed (product-decisions §7).
  tables: { catalogue: 'readWriteScan', changes: 'readWrite', advisories: 'readWrite' },
  // Optional: without a key NVD is still answered, at the keyless pace.
  secrets: ['nvdApiKey'],
  memoryMb: 1536,
  // Every source of a run is downloaded before reading starts: OSV.dev's exports alone are
  // hundreds of MB zipped, past Lambda's default 512 MB of /tmp (the run removes its folder at the end).
  ephemeralStorageMb: 4096,
  // The longest a Lambda may run; an unfinished run resumes from the NVD cursor next hour.
  timeoutSeconds: 900,
  // A young generation of up to 3 × 64 MB instead of V8's default 3 × 16: a bulk run makes
  // millions of short-lived objects per minute beside a heap of every source it has read, and with
  // the small default they outlived their scavenges, were promoted and swept by full collections
  // of that heap. Measured over the whole data folder: the ingest's CPU 204 → 173 s (docs/ingest.md).
  nodeFlags: ['--max-semi-space-size=64'],
};

/** Every hour, at minute 17 (off the top of the hour, when feeds and other jobs are busiest). */
export const INGEST_SCHEDULE = { minute: '17' } as const;
