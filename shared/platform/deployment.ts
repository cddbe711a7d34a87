/**
 * Deploy-time facts shared by the CDK stacks and the functions, as plain data.
 *
 * The public origin (CloudFront's domain, or a custom domain) exists only once the web stack is
 * deployed, after the API stack whose functions need it. So the web stack writes it to this SSM
 * parameter and the functions read it at cold start (shared/config/deployment.ts): the first
 * `cdk deploy --all` gives a working site with no hand-set URL.
 */
export const PUBLIC_BASE_URL_PARAMETER = '/plaincve/public-base-url';

/** The parameters a function declaration may name (shared/platform/functions.ts `parameters`). */
export const PARAMETER_NAMES = { publicBaseUrl: PUBLIC_BASE_URL_PARAMETER } as const;

/** The names of the secrets an operator fills after the first deploy (stack outputs print them). */
export const OAUTH_SECRET_NAME = 'plaincve/oauth';
export const NVD_API_KEY_SECRET_NAME = 'plaincve/nvd-api-key';

/**
 * CloudFront adds this header, with the value of the secret below, to every request it sends to
 * API Gateway; a regional WAF on the stage blocks any request without it before a function runs,
 * so nothing reaches the API around CloudFront's WAF and headers.
 */
export const ORIGIN_VERIFY_HEADER = 'X-PlainCVE-Origin-Verify';
export const ORIGIN_VERIFY_SECRET_NAME = 'plaincve/origin-verify';
