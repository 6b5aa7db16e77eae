import { endpointAction } from "../../actions/endpoint-action";
import { defineAction } from "../../actions/define-action";
import { InviteStaffParams, SetStaffRoleParams, StaffUserIdParams } from "../../staff/schemas";
import { disableStaffUser, enableStaffUser, inviteStaffUser, resendStaffInvite, setStaffRole } from "../../staff/staff-users";

/** Staff users and brands of the service account (every verb refuses a USER: ADMIN only), and the customer hub. */
export const staffManagementActions = {
  staffInvite: defineAction({ audience: "staff", schema: InviteStaffParams, verb: inviteStaffUser }),
  staffResendInvite: defineAction({ audience: "staff", schema: StaffUserIdParams, verb: resendStaffInvite }),
  staffSetRole: defineAction({ audience: "staff", schema: SetStaffRoleParams, verb: setStaffRole }),
  staffDisable: defineAction({ audience: "staff", schema: StaffUserIdParams, verb: disableStaffUser }),
  staffEnable: defineAction({ audience: "staff", schema: StaffUserIdParams, verb: enableStaffUser }),
  brandCreate: endpointAction("Brand/Create"),
  // The customer hub's own actions (its page fixes customer_account_id): the endpoints' schemas and verbs.
  hubNoteAdd: endpointAction("Note/Create"),
  hubTicketOpen: endpointAction("Ticket/Create"),
  hubSignInLink: endpointAction("User/CreateToken"),
};
