import type { SideRoute } from './gateway-server.js';

/**
 * What the local server answers outside API Gateway: in AWS, CloudFront sends these paths to
 * S3 (the dashboard) and the identity providers are the real ones.
 */
export function localSideRoutes(): SideRoute[] {
  return [];
}
