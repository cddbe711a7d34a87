import { createHash, randomBytes } from 'node:crypto';

/**
 * The Atom feed's capability token (product-decisions §7): 256 random bits, base64url, in the
 * feed's address `/feeds/<token>.atom`. Whoever holds the address reads the feed, so it is as
 * unguessable as a session id; the lookup item is keyed by the token's SHA-256, never by the
 * token itself (docs/feeds.md).
 */
export const FEED_TOKEN_BYTES = 32;
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const FEED_PATH_PATTERN = /^\/feeds\/([A-Za-z0-9_-]{43})\.atom$/;

export function newFeedToken(): string {
  return randomBytes(FEED_TOKEN_BYTES).toString('base64url');
}

export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The feed's path (the dashboard prefixes the origin). */
export function feedPath(token: string): string {
  return `/feeds/${token}.atom`;
}

/** The token of a feed path, undefined when the path is not one this service issues. */
export function tokenOfFeedPath(path: string): string | undefined {
  return FEED_PATH_PATTERN.exec(path)?.[1];
}

/** The token of the feed's last path segment (`<token>.atom`), undefined when malformed. */
export function tokenOfFeedFile(file: string): string | undefined {
  const match = /^([A-Za-z0-9_-]{43})\.atom$/.exec(file);
  return match?.[1];
}
