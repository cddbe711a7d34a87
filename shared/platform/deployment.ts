/**
 * Deploy-time facts shared by the CDK stacks and the functions, as plain data.
 *
 * The public origin (CloudFront's domain, or a custom domain) exists only once the web stack is
 * deployed, after the API stack whose functions need it. So the web stack writes it to this SSM
 * parameter and the functions read it at cold start (shared/config/deployment.ts): the first
 * `cdk deploy --all` gives a working site with no hand-set URL.
 */
export const PUBLIC_BASE_URL_PARAMETER = '/plaincve/public-base-url';

/** The region of the stack holding the CloudFront web ACL (AWS creates CLOUDFRONT-scope ACLs only there). */
export const CLOUDFRONT_REGION = 'us-east-1';

/** The parameters a function declaration may name (shared/platform/functions.ts `parameters`). */
export const PARAMETER_NAMES = { publicBaseUrl: PUBLIC_BASE_URL_PARAMETER } as const;

/**
 * The OAuth secret, which an operator fills after the first deploy, lives in the stateful stack,
 * which is never replaced, so it keeps a name people can type. The other secrets are named by
 * CloudFormation (a fixed name would stop their stack being replaced); the outputs print them.
 */
export const OAUTH_SECRET_NAME = 'plaincve/oauth';

/**
 * What the NVD key secret holds until an operator puts a key in: the ingest reads it as "no
 * key" (shared/ingest/fetch/nvd-api-key.ts). Never a generated value: NVD answers 404 to a key
 * it did not issue, so a made-up key would fail every run.
 */
export const NVD_API_KEY_PLACEHOLDER = 'none';

/**
 * CloudFront adds this header, with the value of the API stack's origin-verify secret, to every request it sends to
 * API Gateway; a regional WAF on the stage blocks any request without it before a function runs,
 * so nothing reaches the API around CloudFront's WAF and headers.
 */
export const ORIGIN_VERIFY_HEADER = 'X-PlainCVE-Origin-Verify';
