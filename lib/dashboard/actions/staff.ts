import { staffAction } from "../../auth/staff-action";
import { CreateBrandParams } from "../../brands/schemas";
import { createBrand } from "../../brands/create-brand";
import { InviteStaffParams, SetStaffRoleParams, StaffUserIdParams } from "../../staff/schemas";
import { disableStaffUser, enableStaffUser, inviteStaffUser, resendStaffInvite, setStaffRole } from "../../staff/staff-users";

/** Staff users and brands of the service account: every verb refuses a USER (ADMIN only). */
export const staffManagementActions = {
  staffInvite: staffAction(InviteStaffParams, inviteStaffUser),
  staffResendInvite: staffAction(StaffUserIdParams, resendStaffInvite),
  staffSetRole: staffAction(SetStaffRoleParams, setStaffRole),
  staffDisable: staffAction(StaffUserIdParams, disableStaffUser),
  staffEnable: staffAction(StaffUserIdParams, enableStaffUser),
  brandCreate: staffAction(CreateBrandParams, createBrand),
};
