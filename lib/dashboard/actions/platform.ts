import { endpointAction } from "../../actions/endpoint-action";
import { defineAction } from "../../actions/define-action";
import { z } from "zod";
import { confirmTotpEnrolment, disableTotp, startTotpEnrolment } from "../../staff/totp";
import { signOutEverywhere } from "../../staff/sign-out";
import { req } from "../../wire/params";

const TotpCodeParams = z.object({
  code: req(z.string().regex(/^\d{6}$/, { error: "must be the 6 digits your app shows" }), "The current code", { example: "123456" }),
});

/** The brand's settings and the signed-in staff user's own security. */
export const platformActions = {
  brandUpdate: endpointAction("Brand/Update"),
  totpStart: defineAction({ audience: "staff", schema: z.object({}), verb: startTotpEnrolment }),
  totpConfirm: defineAction({ audience: "staff", schema: TotpCodeParams, verb: confirmTotpEnrolment }),
  totpDisable: defineAction({ audience: "staff", schema: TotpCodeParams, verb: disableTotp }),
  signOutEverywhere: defineAction({ audience: "staff", schema: z.object({}), verb: signOutEverywhere }),
  testClockAdvance: endpointAction("TestClock/Advance"),
};
