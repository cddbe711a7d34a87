import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The session cookie carries a 256-bit random session id. The server stores only its SHA-256
 * (the item key), so a read of the table yields no usable cookie. The API key issued at sign-in
 * is kept in the session item encrypted with AES-256-GCM under a key derived from the session id
 * with HMAC (a different function from the stored hash): the server alone, holding the item but
 * not the cookie, cannot decrypt it, and the key stops being readable when the session ends.
 */
export const SESSION_ID_BYTES = 32;
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionId(): string {
  return randomBytes(SESSION_ID_BYTES).toString('base64url');
}

export function isWellFormedSessionId(value: string): boolean {
  return SESSION_ID_PATTERN.test(value);
}

export function sessionHash(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

function wrappingKey(sessionId: string): Buffer {
  return createHmac('sha256', sessionId).update('plaincve/session/api-key-wrap/v1').digest();
}

export interface SealedSecret {
  readonly iv: string;
  readonly ciphertext: string;
  readonly tag: string;
}

/** Encrypts `plaintext` so that only a holder of the session id can read it; `context` is bound as AAD. */
export function sealForSession(sessionId: string, plaintext: string, context: string): SealedSecret {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', wrappingKey(sessionId), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { iv: iv.toString('base64'), ciphertext: ciphertext.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

/** Undefined when the session id or context does not match (the tag check fails). */
export function openForSession(sessionId: string, sealed: SealedSecret, context: string): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', wrappingKey(sessionId), Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** Constant-time comparison of two tokens (state, CSRF). */
export function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
