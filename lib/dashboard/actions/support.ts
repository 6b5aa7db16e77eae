import { endpointAction } from "../../actions/endpoint-action";

/** Customer users, tickets, notes, the knowledge base and notifications: the API's own schemas and verbs. */
export const supportActions = {
  userCreate: endpointAction("User/Create"),
  userUpdate: endpointAction("User/Update"),
  userSuspend: endpointAction("User/Suspend"),
  userRestore: endpointAction("User/Restore"),
  userDelete: endpointAction("User/Delete"),
  userCreateToken: endpointAction("User/CreateToken"),

  ticketCreate: endpointAction("Ticket/Create"),
  ticketUpdate: endpointAction("Ticket/Update"),
  ticketMerge: endpointAction("Ticket/Merge"),
  ticketDelete: endpointAction("Ticket/Delete"),

  noteCreate: endpointAction("Note/Create"),
  noteDelete: endpointAction("Note/Delete"),

  categoryCreate: endpointAction("Category/Create"),
  categoryUpdate: endpointAction("Category/Update"),
  categoryDelete: endpointAction("Category/Delete"),
  categoryRestore: endpointAction("Category/Restore"),
  articleCreate: endpointAction("Article/Create"),
  articleUpdate: endpointAction("Article/Update"),
  articleDelete: endpointAction("Article/Delete"),
  articleRestore: endpointAction("Article/Restore"),

  notificationCreate: endpointAction("Notification/Create"),
  notificationUpdate: endpointAction("Notification/Update"),
  notificationDelete: endpointAction("Notification/Delete"),
  notificationRestore: endpointAction("Notification/Restore"),
};
