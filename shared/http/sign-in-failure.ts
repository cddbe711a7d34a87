import type { APIGatewayProxyResult } from 'aws-lambda';
import { clearedCookie } from '../auth/cookies.js';
import { SignInError } from '../auth/oauth-client.js';
import { ConfigurationError, DependencyError, RETRY_AFTER_UNAVAILABLE_SECONDS } from '../domain/errors.js';
import { logConfigurationError } from './error-envelope.js';
import { messagePage } from '../render/html.js';
import { FLOW_COOKIE } from '../accounts/use-cases/sign-in.js';
import { htmlResponse } from './html-handler.js';
import { logger } from './logger.js';

/**
 * The one page every failed sign-in gets: it says nothing about why (that would help an
 * attacker probe), sets no session, and drops the one-time flow cookie. The reason goes to the
 * log. Only the status tells a failing dependency (503 with Retry-After) from the rest (400).
 */
export function signInFailedResponse(error: unknown): APIGatewayProxyResult {
  if (error instanceof SignInError || error instanceof DependencyError) {
    logger.warn('sign-in failed', { reason: error.message });
  } else if (error instanceof ConfigurationError) {
    logConfigurationError(error);
  } else {
    logger.error('sign-in failed unexpectedly', error instanceof Error ? error : String(error));
  }
  const unavailable = error instanceof DependencyError;
  const response = htmlResponse(
    unavailable ? 503 : 400,
    messagePage('Sign-in did not complete', 'We could not sign you in. Please start again from the dashboard.'),
    { 'Cache-Control': 'no-store', ...(unavailable ? { 'Retry-After': String(RETRY_AFTER_UNAVAILABLE_SECONDS) } : {}) },
  );
  return { ...response, multiValueHeaders: { 'Set-Cookie': [clearedCookie(FLOW_COOKIE)] } };
}
