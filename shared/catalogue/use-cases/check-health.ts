import { cveRepository } from '../../repositories/cve-repository.js';

export const PRODUCT_NAME = 'PlainCVE';

export interface HealthReport {
  status: 'healthy';
  product: typeof PRODUCT_NAME;
}

/**
 * Healthy only when the catalogue table answers. A failing table raises a DependencyError,
 * which the API answers with 503 SERVICE_UNAVAILABLE and Retry-After.
 */
export async function checkHealth(): Promise<HealthReport> {
  await cveRepository.ping();
  return { status: 'healthy', product: PRODUCT_NAME };
}
