"use client";

import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import type { StaffUserView } from "@/lib/staff/staff-users";
import { disableStaff, enableStaff, resendInvite, setStaffRole } from "../actions";

/** Role, disable/enable and a new invitation, each behind a dialog that says what will happen. */
export function StaffActions({ brandId, staff }: { brandId: string; staff: StaffUserView }) {
  const router = useRouter();
  const id = { staff_user_id: staff.staff_user_id };
  const run =
    (action: (b: string, i: Record<string, string>) => Promise<{ ok: boolean; error?: { message: string } }>, input: Record<string, string>) => async () => {
      const r = await action(brandId, input);
      if (!r.ok) return r.error?.message ?? "Refused";
      router.refresh();
      return null;
    };
  const toAdmin = staff.access_level === "USER";
  return (
    <>
      {staff.status !== "disabled" && (
        <ConfirmButton
          label={toAdmin ? "Make admin" : "Make user"}
          title={toAdmin ? `Make ${staff.name} an ADMIN?` : `Make ${staff.name} a USER?`}
          confirmLabel={toAdmin ? "Make admin" : "Make user"}
          onConfirm={run(setStaffRole, { ...id, access_level: toAdmin ? "ADMIN" : "USER" })}
        >
          <p>
            {toAdmin
              ? "As an ADMIN they can also manage brands, staff users, API keys and payment gateways, on every brand of the account."
              : "As a USER they keep customers, billing and support, but can no longer manage brands, staff users, API keys or payment gateways."}
          </p>
        </ConfirmButton>
      )}
      {staff.status === "invited" && (
        <ConfirmButton
          label="Resend invitation"
          title={`Send ${staff.name} a new invitation?`}
          confirmLabel="Send invitation"
          onConfirm={run(resendInvite, id)}
        >
          <p>We email {staff.email} a new link to set their password. It works once, for 7 days.</p>
        </ConfirmButton>
      )}
      {staff.status === "disabled" ? (
        <ConfirmButton label="Enable" title={`Enable ${staff.name}?`} confirmLabel="Enable" onConfirm={run(enableStaff, id)}>
          <p>They can sign in to the dashboard again, and their API user key works again.</p>
        </ConfirmButton>
      ) : (
        <ConfirmButton label="Disable" title={`Disable ${staff.name}?`} confirmLabel="Disable staff user" danger onConfirm={run(disableStaff, id)}>
          <p>They are signed out at once and cannot sign in to the dashboard; their API user key stops working. You can enable them again later.</p>
        </ConfirmButton>
      )}
    </>
  );
}
