import { readParameter } from '../repositories/parameter-repository.js';
import { config, setDeploymentOverrides } from './index.js';

let loading: Promise<void> | undefined;

/**
 * Learns the public origin from the deployment: in AWS, PUBLIC_BASE_URL_PARAMETER names the SSM
 * parameter the web stack wrote (the CloudFront domain, or the custom domain when one is set),
 * read once per container and kept. Locally the variable is unset and PUBLIC_BASE_URL stands.
 * The handler base awaits this before a container's first request, so every
 * later `config().PUBLIC_BASE_URL` is the deployment's. A failed read is not kept: the next cold
 * start tries again.
 */
export function loadDeploymentSettings(): Promise<void> {
  const name = config().PUBLIC_BASE_URL_PARAMETER;
  if (!name) return Promise.resolve();
  loading ??= readParameter(name).then(
    (url) => setDeploymentOverrides({ PUBLIC_BASE_URL: url }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
