/** Milliseconds since the epoch, as `Date.now` gives them. */
export type Clock = () => number;

const systemClock: Clock = () => Date.now();
let current: Clock = systemClock;

/**
 * The time that limits, quotas, expiries and retries are measured against. In AWS it is always
 * the system clock. The local stack may run its functions on another one, so that a test moves a
 * clock it holds instead of waiting for a UTC minute or hour to turn.
 */
export const platformClock = {
  now: (): number => current(),
};

/** The local stack only (never a Lambda): run this process's functions on `clock`; undefined restores the system clock. */
export function runOnClock(clock: Clock | undefined): void {
  current = clock ?? systemClock;
}
