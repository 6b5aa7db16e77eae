import { defineEndpoint } from "../endpoint";
import { AdvanceTestClockParams, GetTestClockParams, MAX_ADVANCE_DAYS } from "../../test-clocks/schemas";
import { advanceTestClock, getTestClock } from "../../test-clocks/advance";

/** Beside the spec's endpoints: a sandbox brand's test clock (Brand/Create or Brand/Update with sandbox=Y). */
export const testClockEndpoints = [
  defineEndpoint({
    resource: "TestClock",
    action: "Get",
    method: "GET",
    summary: "The brand's time: its test clock for a sandbox brand (sandbox Y), else the real time (sandbox N). Not in the original spec.",
    params: GetTestClockParams,
    returns: "test_clock",
    handler: async ({ ctx }) => getTestClock({ ctx }),
  }),
  defineEndpoint({
    resource: "TestClock",
    action: "Advance",
    method: "POST",
    summary:
      "Moves a sandbox brand's test clock forward (to advance_to, or by days) and runs everything real time would have run in between, in order: each renewal's invoice 72 hours ahead, each renewal and its charge, each dunning day. Answers when done, with what it did. Not in the original spec.",
    params: AdvanceTestClockParams,
    returns: "test_clock",
    refusals: [
      "409 INVALID_STATE on a live brand (its time is the real time) or while another advance of the same clock runs",
      `400 INVALID_PARAMETER for an instant not after the clock's time, or more than ${MAX_ADVANCE_DAYS} days ahead`,
    ],
    handler: advanceTestClock,
  }),
];
