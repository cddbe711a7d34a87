/**
 * A clock a test holds, for the local stack's `clock` option (shared/platform/clock.ts). A test
 * moves it instead of waiting: for the end of a UTC minute or hour, an expiry, a retry delay or
 * the change feed's settle time.
 */
export class TestClock {
  private constructor(
    private baseMs: number,
    /** Stopped: `now` is `baseMs` until moved. Running: real time plus `baseMs`. */
    private readonly running: boolean,
  ) {}

  /**
   * Stopped `intoMs` after the start of the current UTC window of `windowMs` (a minute, an hour):
   * a test's requests then share one window however long they take.
   */
  static atWindowStart(windowMs: number, intoMs = 1000): TestClock {
    return new TestClock(Math.floor(Date.now() / windowMs) * windowMs + intoMs, false);
  }

  /** Real time, until the test moves it ahead (for code whose order in time the test watches). */
  static running(): TestClock {
    return new TestClock(0, true);
  }

  readonly now = (): number => (this.running ? Date.now() + this.baseMs : this.baseMs);

  advance(ms: number): void {
    this.baseMs += ms;
  }
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
