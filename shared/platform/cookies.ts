/** Cookie names, as plain data: the functions set them and CloudFront forwards exactly these. */
export const SESSION_COOKIE_NAME = '__Host-plaincve_session';
export const FLOW_COOKIE_NAME = '__Host-plaincve_oauth';
