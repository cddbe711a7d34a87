import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured JSON logger per process. Handlers never log events or headers: the
 * X-API-Key header must not reach a log line, so only the non-secret key id is appended.
 */
export const logger = new Logger({ serviceName: 'plaincve' });
