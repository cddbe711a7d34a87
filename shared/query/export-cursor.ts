import { createHash, randomBytes } from 'node:crypto';
import type { ExportFormat, ExportQuery } from './export-query.js';

/**
 * Export paging (product decisions §10): a cursor is 256 random bits, base64url; what it stands
 * for (the key, the format, the filters, how many rows came before) is stored under its SHA-256
 * with the caller's account, never in the token. So a cursor cannot be altered into another
 * one, another key's is simply not found, and it lasts CURSOR_TTL_SECONDS.
 */
export const CURSOR_TTL_SECONDS = 24 * 3600;
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface ExportCursorState {
  readonly keyId: string;
  readonly format: ExportFormat;
  readonly query: ExportQuery;
  /** Matching rows the earlier pages held. */
  readonly offset: number;
  /** Unix seconds after which the cursor is refused. */
  readonly expiresAt: number;
}

export function newCursorToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored key of a cursor, or undefined when the text cannot be one this service issued. */
export function cursorHash(token: string): string | undefined {
  return CURSOR_PATTERN.test(token) ? createHash('sha256').update(token, 'utf8').digest('hex') : undefined;
}
