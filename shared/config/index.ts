import { AsyncLocalStorage } from 'node:async_hooks';
import { ConfigurationError } from '../domain/errors.js';
import { DEFAULT_KEY_ROTATIONS_PER_HOUR } from '../domain/limits.js';
import * as z from '../domain/zod.js';

/**
 * The one place that reads `process.env`. Every value is validated once, on first use, so a
 * function with a missing or malformed variable fails at cold start with a clear message
 * instead of half-way through a request.
 */
/** Comma-separated URLs (`fallback` when unset): each trimmed, empty entries dropped, every one a URL. */
const urlList = (fallback: string) =>
  z.pipe(
    z.pipe(
      z._default(z.string(), fallback),
      z.transform((v: string) =>
        v
          .split(',')
          .map((u) => u.trim())
          .filter((u) => u.length > 0),
      ),
    ),
    z.array(z.url()),
  );

/**
 * A whole number as an environment variable writes it: decimal, hexadecimal ("0x1F") or with an
 * exponent ("1e3"). `Number()` alone would also take "0o1" and "0b1", which nobody means as a timeout.
 */
const wholeNumber = (...checks: z.core.$ZodCheck<number>[]) =>
  z.pipe(
    z.pipe(
      z.string().check(z.regex(/^\s*(?:\+?\d+(?:\.0*)?|\d+e\d+|0x[0-9a-f]+)\s*$/i, 'must be a whole number')),
      z.transform((value: string) => Number(value)),
    ),
    z.number().check(z.int(), ...checks),
  );

const envSchema = z.object({
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
  CATALOGUE_TABLE: z.optional(z.string().check(z.minLength(3))),
  ACCOUNTS_TABLE: z.optional(z.string().check(z.minLength(3))),
  COUNTERS_TABLE: z.optional(z.string().check(z.minLength(3))),
  CHANGES_TABLE: z.optional(z.string().check(z.minLength(3))),
  ADVISORIES_TABLE: z.optional(z.string().check(z.minLength(3))),
  /** Set only when running locally: the dynalite endpoint. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  /**
   * Per-attempt DynamoDB timeout (two attempts per call); a slower answer is a dependency failure
   * (503). Small enough that a function making two calls in a row gives up and answers 503 well
   * within its timeout (5 s for health and the authorizer, 10 s for lookup): 2 × 2 × 1.5 s.
   */
  DYNAMODB_TIMEOUT_MS: z._default(wholeNumber(z.positive()), 1500),
  /**
   * Change feed: how far behind now a reader stays when no writer has published a mark (ms):
   * covers the clock skew between a writer and a reader and a writer's first mark still in
   * flight (docs/architecture.md, "Change feed").
   */
  CHANGE_SETTLE_MS: z._default(wholeNumber(z.minimum(0)), 5_000),
  /** The public origin, used in SARIF `informationUri`/`helpUri` and OAuth redirect URIs. */
  PUBLIC_BASE_URL: z._default(z.url(), 'http://localhost:3000'),
  /**
   * In AWS: the SSM parameter the web stack writes the public origin to. When set, the origin is
   * read from it at cold start (shared/config/deployment.ts) and overrides PUBLIC_BASE_URL.
   */
  PUBLIC_BASE_URL_PARAMETER: z.optional(z.string().check(z.startsWith('/'))),
  SERVICE_VERSION: z._default(z.string().check(z.minLength(1)), '0.1.0'),
  /** Secrets Manager secret id holding the OAuth settings, ids and secrets (AWS only; shared/secrets/oauth-settings.ts). */
  OAUTH_SECRET_ID: z.optional(z.string().check(z.minLength(1))),
  /** Local runs: a JSON file with the same content as the OAuth secret. */
  OAUTH_SECRET_FILE: z.optional(z.string().check(z.minLength(1))),
  /** Local runs and tests: the OAuth secret's JSON itself (the local stack sets it). */
  OAUTH_SECRET_JSON: z.optional(z.string().check(z.minLength(2))),
  /**
   * Provider endpoints: the real ones by default; the local stack points them at its stand-ins.
   * Microsoft is Entra ID with tenant `common` (any work, school or personal account).
   */
  GITHUB_AUTHORIZE_URL: z._default(z.url(), 'https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z._default(z.url(), 'https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z._default(z.url(), 'https://api.github.com'),
  GOOGLE_AUTHORIZE_URL: z._default(z.url(), 'https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z._default(z.url(), 'https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z._default(z.url(), 'https://openidconnect.googleapis.com/v1/userinfo'),
  MICROSOFT_AUTHORIZE_URL: z._default(z.url(), 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize'),
  MICROSOFT_TOKEN_URL: z._default(z.url(), 'https://login.microsoftonline.com/common/oauth2/v2.0/token'),
  MICROSOFT_USERINFO_URL: z._default(z.url(), 'https://graph.microsoft.com/oidc/userinfo'),
  /**
   * Sign-in: the local stack sets this so that the token exchange may use plain http:// to its
   * identity-provider stand-ins on loopback. Never set in AWS, where every endpoint is https.
   */
  OAUTH_ALLOW_HTTP_LOOPBACK: z.pipe(
    z._default(z.enum(['true', 'false']), 'false'),
    z.transform((v) => v === 'true'),
  ),
  /** Per-call timeout for the providers' token and user endpoints. */
  OAUTH_HTTP_TIMEOUT_MS: z._default(wholeNumber(z.positive()), 5000),
  /** A session ends after this long without use... */
  SESSION_IDLE_SECONDS: z._default(wholeNumber(z.positive()), 2 * 3600),
  /** ...and at the latest this long after sign-in. */
  SESSION_ABSOLUTE_SECONDS: z._default(wholeNumber(z.positive()), 12 * 3600),
  /** Ingest: the NVD CVE API 2.0 endpoint. */
  NVD_API_URL: z._default(z.url(), 'https://services.nvd.nist.gov/rest/json/cves/2.0'),
  /** Ingest: an NVD API key given directly (local runs); in AWS it comes from NVD_API_KEY_SECRET_ID. */
  NVD_API_KEY: z.optional(z.string().check(z.minLength(1))),
  /** Ingest: Secrets Manager secret id whose string is the NVD API key (optional: NVD works without one, slower). */
  NVD_API_KEY_SECRET_ID: z.optional(z.string().check(z.minLength(1))),
  /** Ingest: the CISA KEV catalogue (JSON). */
  KEV_URL: z._default(z.url(), 'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json'),
  /**
   * Ingest: FIRST's daily EPSS file (`#model_version…,score_date:…`, `cve,epss,percentile`, gzipped),
   * fetched on each scheduled run. FIRST serves it from Empirical Security's host (the older
   * epss.cyentia.com mirrors it). Empty: no EPSS download.
   */
  EPSS_URL: z._default(z.union([z.url(), z.literal('')]), 'https://epss.empiricalsecurity.com/epss_scores-current.csv.gz'),
  /**
   * Ingest: further source files to fetch on each scheduled run, comma-separated URLs (CWE names,
   * EPSS, exploit and detection tables…). Each is recognised by its content, gzipped or not.
   */
  INGEST_SOURCE_URLS: urlList(''),
  /**
   * Ingest: NVD's CPE dictionary (the XML `official-cpe-dictionary_v2.3.xml[.gz]`), fetched on each
   * scheduled run for product display names. Unset: names come from the CNA's names and the
   * casing rule. NVD retired its own XML feed, so point this at a copy you keep (e.g. in S3).
   */
  CPE_DICTIONARY_URL: z.optional(z.url()),
  /**
   * Webhooks: the local stack sets this to accept plain http:// to loopback and loopback
   * addresses (a developer's receiver on 127.0.0.1). Never set in AWS.
   */
  WEBHOOK_ALLOW_LOOPBACK: z.pipe(
    z._default(z.enum(['true', 'false']), 'false'),
    z.transform((v) => v === 'true'),
  ),
  /** Webhooks: how long one delivery attempt may take (connect and answer). */
  WEBHOOK_TIMEOUT_MS: z._default(wholeNumber(z.positive()), 10_000),
  /** Webhooks (AWS): the SQS delivery queue's URL, set for the change matcher. */
  WEBHOOK_QUEUE_URL: z.optional(z.url()),
  /**
   * Key rotations an account may make per UTC hour (issue 24). Never set in AWS; the test of
   * concurrent issuance raises it to race hundreds of rotations on one account.
   */
  KEY_ROTATIONS_PER_HOUR: z._default(wholeNumber(z.positive()), DEFAULT_KEY_ROTATIONS_PER_HOUR),
  /** Change matcher: how long the loaded watchlists are reused before they are read again. */
  WATCHLIST_CACHE_MS: z._default(wholeNumber(z.minimum(0)), 60_000),
  /**
   * Ingest: OSV.dev's per-ecosystem exports (a zip of OSV records each), fetched on each scheduled
   * run for the package advisories that POST /api/scan and GET /api/packages match against
   * (product-decisions §8). Comma-separated; empty: no advisory download.
   */
  OSV_EXPORT_URLS: urlList(
    ['npm', 'PyPI', 'Maven', 'Go', 'crates.io', 'RubyGems', 'NuGet'].map((e) => `https://osv-vulnerabilities.storage.googleapis.com/${e}/all.zip`).join(','),
  ),
  /** Ingest: how far back the first scheduled run reaches when no cursor is stored. */
  INGEST_INITIAL_LOOKBACK_DAYS: z._default(wholeNumber(z.minimum(1), z.maximum(3650)), 7),
});

export type Config = z.infer<typeof envSchema>;

let cached: Config | undefined;
/** Settings learnt from the deployment at cold start (shared/config/deployment.ts), over the environment. */
let deploymentOverrides: Readonly<Record<string, string>> = {};
/** Bumped whenever the environment or the overrides change, so every cached parse is dropped. */
let generation = 0;

/** One function's environment, as Lambda would give it; its parse is cached until the generation moves. */
export interface FunctionEnvironment {
  readonly env: Readonly<Record<string, string | undefined>>;
  parsed?: { readonly generation: number; readonly config: Config };
}

const functionEnvironments = new AsyncLocalStorage<FunctionEnvironment>();

/**
 * The configuration of the running function. In Lambda that is the process's environment. The
 * local stack runs every function in one process, so it runs each invocation inside
 * `withFunctionEnvironment` and this reads that function's own variables, not the process's.
 */
export function config(): Config {
  const scoped = functionEnvironments.getStore();
  if (scoped) {
    if (scoped.parsed?.generation !== generation) scoped.parsed = { generation, config: parseConfig({ ...scoped.env, ...deploymentOverrides }) };
    return scoped.parsed.config;
  }
  cached ??= parseConfig({ ...process.env, ...deploymentOverrides });
  return cached;
}

/** Moves whenever the environment changes: a cached function environment older than this is rebuilt. */
export function configGeneration(): number {
  return generation;
}

/** Runs `work` (one local invocation) with `environment` as the whole environment `config()` sees. */
export function withFunctionEnvironment<T>(environment: FunctionEnvironment, work: () => T): T {
  return functionEnvironments.run(environment, work);
}

export function setDeploymentOverrides(values: Readonly<Record<string, string>>): void {
  deploymentOverrides = { ...deploymentOverrides, ...values };
  resetConfig();
}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

/** For the local stack and tests, which set the environment after modules have loaded. */
export function resetConfig(): void {
  cached = undefined;
  generation += 1;
}

export type TableName = 'CATALOGUE_TABLE' | 'ACCOUNTS_TABLE' | 'COUNTERS_TABLE' | 'CHANGES_TABLE' | 'ADVISORIES_TABLE';

/**
 * A table's physical name. Unset means the function was deployed without the table its code
 * needs: a ConfigurationError (500, logged naming the variable), never a retryable 503.
 */
export function tableName(name: TableName): string {
  const value = config()[name];
  if (!value) throw new ConfigurationError(`${name} is not set for this function`, { variable: name });
  return value;
}
