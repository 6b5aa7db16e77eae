import { z } from "zod";
import { integer, opt } from "../wire/params";

/** The longest one advance may cover: ten years of renewals, dunning days and emails. */
export const MAX_ADVANCE_DAYS = 3660;

export const DAY_MS = 86_400_000;
/** Where `days` moves a clock that reads `from`: whole 24-hour days (the page's preview and the advance agree). */
export const afterDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

export const GetTestClockParams = z.object({});

export const AdvanceTestClockParams = z.object({
  advance_to: opt(
    z.iso.datetime({ offset: true, error: "must be an instant in ISO 8601 with a time zone, like 2027-01-01T00:00:00Z" }),
    "Move the test clock to this instant (ISO 8601 with a time zone); send this or days",
    { example: "2027-01-01T00:00:00Z" },
  ),
  days: opt(integer({ min: 1, max: MAX_ADVANCE_DAYS }), `Move the test clock this many days ahead (1 to ${MAX_ADVANCE_DAYS}); send this or advance_to`, {
    example: "30",
  }),
});

export type AdvanceTestClockInput = z.output<typeof AdvanceTestClockParams>;
