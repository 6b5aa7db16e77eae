import { staffAction } from "../../auth/staff-action";
import { CreateBrandParams } from "../../brands/schemas";
import { createBrand } from "../../brands/create-brand";
import { InviteStaffParams, SetStaffRoleParams, StaffUserIdParams } from "../../staff/schemas";
import { CreateNoteParams } from "../../notes/schemas";
import { createNote } from "../../notes/create-note";
import { CreateTicketParams } from "../../tickets/schemas";
import { createTicket } from "../../tickets/create-ticket";
import { CreateTokenParams } from "../../users/schemas";
import { createUserToken } from "../../users/create-token";
import { disableStaffUser, enableStaffUser, inviteStaffUser, resendStaffInvite, setStaffRole } from "../../staff/staff-users";

/** Staff users and brands of the service account (every verb refuses a USER: ADMIN only), and the customer hub. */
export const staffManagementActions = {
  staffInvite: staffAction(InviteStaffParams, inviteStaffUser),
  staffResendInvite: staffAction(StaffUserIdParams, resendStaffInvite),
  staffSetRole: staffAction(SetStaffRoleParams, setStaffRole),
  staffDisable: staffAction(StaffUserIdParams, disableStaffUser),
  staffEnable: staffAction(StaffUserIdParams, enableStaffUser),
  brandCreate: staffAction(CreateBrandParams, createBrand),
  // The customer hub's own actions (its page fixes customer_account_id): the endpoints' schemas and verbs.
  hubNoteAdd: staffAction(CreateNoteParams, createNote),
  hubTicketOpen: staffAction(CreateTicketParams, createTicket),
  hubSignInLink: staffAction(CreateTokenParams, createUserToken),
};
