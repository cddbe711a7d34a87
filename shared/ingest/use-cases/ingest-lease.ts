import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { leaseRepository } from '../../repositories/lease-repository.js';

/**
 * Single-flight ingest: every run (the hourly Lambda, a backfill, `npm run ingest`) takes this
 * lease first, so two runs never page the same NVD window or write the same records at once.
 * The lease lasts a few minutes and the holder renews it while it runs; a run that is killed
 * (Lambda timeout, Ctrl-C) stops renewing and its lease lapses by itself.
 */
export const INGEST_LEASE = 'ingest';
export const INGEST_LEASE_MS = 5 * 60_000;
const RENEW_EVERY_MS = 60_000;

export class IngestLeaseHeldError extends Error {
  constructor(
    readonly heldUntil: Date,
    readonly holder: string,
  ) {
    super(`another run holds the lease until ${heldUntil.toISOString()} (${holder})`);
    this.name = 'IngestLeaseHeldError';
  }
}

/** Runs `work` holding the ingest lease; throws IngestLeaseHeldError when another run has it. */
export async function withIngestLease<T>(who: string, work: () => Promise<T>): Promise<T> {
  const holder = `${who}@${hostname()}#${randomUUID().slice(0, 8)}`;
  const now = Date.now();
  const attempt = await leaseRepository.acquire(INGEST_LEASE, holder, now, now + INGEST_LEASE_MS);
  if (!attempt.acquired) throw new IngestLeaseHeldError(new Date(attempt.heldBy.expiresAtMs), attempt.heldBy.holder);
  const renewal = setInterval(() => {
    leaseRepository.renew(INGEST_LEASE, holder, Date.now() + INGEST_LEASE_MS).catch(() => {
      // A missed renewal is retried at the next tick; the lease outlives two missed ticks.
    });
  }, RENEW_EVERY_MS);
  renewal.unref();
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    await leaseRepository.release(INGEST_LEASE, holder).catch(() => undefined);
  }
}

/** Who holds the lease now, for `npm run ingest:status`. */
export async function ingestLeaseHolder(nowMs = Date.now()): Promise<{ holder: string; until: Date } | undefined> {
  const lease = await leaseRepository.read(INGEST_LEASE);
  return lease && lease.expiresAtMs > nowMs ? { holder: lease.holder, until: new Date(lease.expiresAtMs) } : undefined;
}
