import { config } from "../config";

/**
 * A token bucket per API key, in process memory: `burst` requests at once, refilled at
 * `perSecond`. take() answers 0 when allowed, else the seconds until a token is there.
 */
export class TokenBucketLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private perSecond: number,
    private burst: number,
    private now: () => number = () => performance.now(),
  ) {}

  take(key: string): number {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: t };
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.perSecond);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return (1 - b.tokens) / this.perSecond;
  }

  configure(perSecond: number, burst: number) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.buckets.clear();
  }
}

const { perSecond, burst } = config.rateLimit;
export const rateLimiter = new TokenBucketLimiter(perSecond, burst);
