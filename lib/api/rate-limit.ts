import { config } from "../config";
import { Throttle } from "../rate-limit/throttle";

/** Requests per API key: a burst's worth per the time the rate takes to earn it (at least a second). */
export function apiKeyBudget() {
  const { perSecond, burst } = config.rateLimit;
  return { points: burst, seconds: Math.max(1, Math.round(burst / perSecond)) };
}
export const rateLimiter = new Throttle("api", apiKeyBudget);

/**
 * Failed authentications per client address (lib/api/client-address.ts) in a minute. Only failures
 * count, and only failures are refused: a valid key from the same address is judged by its own budget.
 */
export const authFailureLimiter = new Throttle("auth-failures", () => ({ points: config.authFailuresPerMinute, seconds: 60 }));
