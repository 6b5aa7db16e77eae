import { config } from "../config";
import { TokenBucketLimiter } from "../rate-limit/token-bucket";

export { TokenBucketLimiter };

const { perSecond, burst } = config.rateLimit;
/** Requests per API key. */
export const rateLimiter = new TokenBucketLimiter(perSecond, burst);

const failures = config.authFailuresPerMinute;
/** Failed authentications per client address (lib/api/client-address.ts): a minute's budget at once, refilled over the minute. */
export const authFailureLimiter = new TokenBucketLimiter(failures / 60, failures);
