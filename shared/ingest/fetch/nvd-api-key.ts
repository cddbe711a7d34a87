import { NVD_API_KEY_PLACEHOLDER } from '../../platform/deployment.js';

/**
 * The NVD API key to send, from the configured value (the environment locally, the secret in
 * AWS), or undefined to run keyless. Nothing, blank, or the placeholder the deployment creates
 * the secret with all mean "no key": the key is optional, and NVD answers 404 to a key it did
 * not issue, so only a value an operator put there is ever sent.
 */
export function nvdApiKeyFrom(configured: string | undefined): string | undefined {
  const value = configured?.trim();
  if (!value || value.toLowerCase() === NVD_API_KEY_PLACEHOLDER) return undefined;
  return value;
}
