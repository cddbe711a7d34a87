/**
 * Deploy-time facts shared by the CDK stacks and the functions, as plain data.
 *
 * The public origin (CloudFront's domain, or a custom domain) exists only once the web stack is
 * deployed, after the API stack whose functions need it. So the web stack writes it to this SSM
 * parameter and the functions read it at cold start (shared/config/deployment.ts): the first
 * `cdk deploy --all` gives a working site with no hand-set URL.
 */
export const PUBLIC_BASE_URL_PARAMETER = '/plaincve/public-base-url';

/** The names of the secrets an operator fills after the first deploy (stack outputs print them). */
export const OAUTH_SECRET_NAME = 'plaincve/oauth';
export const NVD_API_KEY_SECRET_NAME = 'plaincve/nvd-api-key';
