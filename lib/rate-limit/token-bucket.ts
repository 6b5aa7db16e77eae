/**
 * A token bucket per key, in process memory: `burst` requests at once, refilled at `perSecond`.
 * take() answers 0 when allowed, else the seconds until a token is there.
 */
export class TokenBucketLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private perSecond: number,
    private burst: number,
    private now: () => number = () => performance.now(),
    /** Keys a client can choose (addresses): past this many buckets, full ones are forgotten. */
    private maxKeys = 100_000,
  ) {}

  private refill(key: string) {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: t };
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.perSecond);
    b.at = t;
    return b;
  }

  private bucket(key: string) {
    const b = this.refill(key);
    if (!this.buckets.has(key)) {
      if (this.buckets.size >= this.maxKeys) this.prune();
      this.buckets.set(key, b);
    }
    return b;
  }

  take(key: string): number {
    const b = this.bucket(key);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return (1 - b.tokens) / this.perSecond;
  }

  /**
   * Takes a token even when there is none, down to a debt of `burst`: requests let through at once
   * by peek() each pay, so the average rate holds however many were in flight.
   */
  charge(key: string) {
    const b = this.bucket(key);
    b.tokens = Math.max(-this.burst, b.tokens - 1);
  }

  /** What take() would answer, without taking a token. */
  peek(key: string): number {
    if (!this.buckets.has(key)) return 0;
    const b = this.refill(key);
    return b.tokens >= 1 ? 0 : (1 - b.tokens) / this.perSecond;
  }

  /** Forgets buckets that have refilled (they equal a new one); if none has, all of them. */
  private prune() {
    for (const key of this.buckets.keys()) if (this.refill(key).tokens >= this.burst) this.buckets.delete(key);
    if (this.buckets.size >= this.maxKeys) this.buckets.clear();
  }

  configure(perSecond: number, burst: number) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.buckets.clear();
  }
}
