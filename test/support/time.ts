/**
 * A clock a test holds, for the local stack's `clock` option (shared/platform/clock.ts). It stands
 * still until the test moves it: a test that needs its requests in one UTC minute (or hour) never
 * straddles a window's end, and a test of what comes after a window, an expiry or a retry delay
 * moves the clock instead of waiting.
 */
export class TestClock {
  private ms: number;

  constructor(startMs: number) {
    this.ms = startMs;
  }

  /** Stopped `intoMs` after the start of the current UTC window of `windowMs` (a minute, an hour). */
  static atWindowStart(windowMs: number, intoMs = 1000): TestClock {
    return new TestClock(Math.floor(Date.now() / windowMs) * windowMs + intoMs);
  }

  readonly now = (): number => this.ms;

  advance(ms: number): void {
    this.ms += ms;
  }
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
