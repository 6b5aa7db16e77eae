import { z } from "zod";
import { staffAction } from "../../auth/staff-action";
import { UpdateBrandParams } from "../../brands/schemas";
import { updateBrand } from "../../brands/update-brand";
import { confirmTotpEnrolment, disableTotp, startTotpEnrolment } from "../../staff/totp";
import { req } from "../../wire/params";
import { AdvanceTestClockParams } from "../../test-clocks/schemas";
import { advanceTestClock } from "../../test-clocks/advance";

const TotpCodeParams = z.object({
  code: req(z.string().regex(/^\d{6}$/, { error: "must be the 6 digits your app shows" }), "The current code", { example: "123456" }),
});

/** The brand's settings and the signed-in staff user's own security. */
export const platformActions = {
  brandUpdate: staffAction(UpdateBrandParams, updateBrand),
  totpStart: staffAction(z.object({}), startTotpEnrolment),
  totpConfirm: staffAction(TotpCodeParams, confirmTotpEnrolment),
  totpDisable: staffAction(TotpCodeParams, disableTotp),
  testClockAdvance: staffAction(AdvanceTestClockParams, advanceTestClock),
};
