import { databaseUnavailable } from "../db/client";
import { DomainError } from "./errors";
import { logger } from "./log";

/**
 * What a caller is told when something fails, for the API's dispatch and every server action alike:
 * a DomainError as it is; a database that cannot answer, SERVICE_UNAVAILABLE (retry shortly);
 * anything else is logged with the request id and answered INTERNAL, saying nothing of its cause.
 */
export function refusalOf(err: unknown, requestId: string, where: Record<string, unknown> = {}): DomainError {
  if (err instanceof DomainError) return err;
  const unavailable = databaseUnavailable(err);
  if (unavailable) {
    logger.error("database unavailable", { requestId, reason: unavailable, ...where });
    return new DomainError("SERVICE_UNAVAILABLE", "The service is temporarily unavailable; retry in a few seconds", { headers: { "retry-after": "5" } });
  }
  logger.error("request failed", { requestId, ...where, error: err });
  return new DomainError("INTERNAL", `Something went wrong on our side; nothing was changed. Quote request id ${requestId} if you contact support.`);
}
