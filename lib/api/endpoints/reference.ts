import { z } from "zod";
import { defineEndpoint } from "../endpoint";
import { oneOf, opt } from "../../wire/params";
import { listReference } from "../../reference/list-reference";

export const referenceEndpoints = [
  defineEndpoint({
    resource: "Reference",
    action: "List",
    method: "GET",
    summary: "The acceptable locale and timezone_id values (IANA time zones) other endpoints validate against.",
    params: z.object({ type: opt(oneOf(["locale", "timezone"]), "Only this kind of value (omit for both)") }),
    returns: "reference",
    handler: listReference,
  }),
];
