import { dashboardFiles } from './dashboard-files.js';
import type { SideRoute } from './gateway-server.js';
import { identityProviderStandIns } from './identity-providers.js';

/**
 * What the local server answers outside API Gateway: in AWS, CloudFront sends these paths to
 * S3 (the dashboard) and the identity providers are the real ones.
 */
export function localSideRoutes(): SideRoute[] {
  return [dashboardFiles(), identityProviderStandIns()];
}
