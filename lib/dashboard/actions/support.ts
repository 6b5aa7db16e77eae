import { staffAction } from "../../auth/staff-action";
import { CreateTokenParams, CreateUserParams, UpdateUserParams, UserIdParams } from "../../users/schemas";
import { createUser } from "../../users/create-user";
import { updateUser } from "../../users/update-user";
import { suspendUser } from "../../users/suspend-user";
import { restoreUser } from "../../users/restore-user";
import { deleteUser } from "../../users/delete-user";
import { createUserToken } from "../../users/create-token";
import { CreateTicketParams, MergeTicketsParams, TicketIdParams, UpdateTicketParams } from "../../tickets/schemas";
import { createTicket } from "../../tickets/create-ticket";
import { updateTicket } from "../../tickets/update-ticket";
import { mergeTickets } from "../../tickets/merge-tickets";
import { deleteTicket } from "../../tickets/delete-ticket";
import { CreateNoteParams, NoteIdParams } from "../../notes/schemas";
import { createNote } from "../../notes/create-note";
import { deleteNote } from "../../notes/delete-note";
import {
  ArticleIdParams,
  CategoryIdParams,
  CreateArticleParams,
  CreateCategoryParams,
  UpdateArticleParams,
  UpdateCategoryParams,
} from "../../knowledge/schemas";
import { createCategory } from "../../knowledge/create-category";
import { updateCategory } from "../../knowledge/update-category";
import { deleteCategory } from "../../knowledge/delete-category";
import { restoreCategory } from "../../knowledge/restore-category";
import { createArticle } from "../../knowledge/create-article";
import { updateArticle } from "../../knowledge/update-article";
import { deleteArticle } from "../../knowledge/delete-article";
import { restoreArticle } from "../../knowledge/restore-article";
import { CreateNotificationParams, NotificationIdParams, UpdateNotificationParams } from "../../notifications/schemas";
import { createNotification } from "../../notifications/create-notification";
import { updateNotification } from "../../notifications/update-notification";
import { deleteNotification } from "../../notifications/delete-notification";
import { restoreNotification } from "../../notifications/restore-notification";

/** Customer users, tickets, notes, the knowledge base and notifications: the API's own schemas and verbs. */
export const supportActions = {
  userCreate: staffAction(CreateUserParams, createUser),
  userUpdate: staffAction(UpdateUserParams, updateUser),
  userSuspend: staffAction(UserIdParams, suspendUser),
  userRestore: staffAction(UserIdParams, restoreUser),
  userDelete: staffAction(UserIdParams, deleteUser),
  userCreateToken: staffAction(CreateTokenParams, createUserToken),

  ticketCreate: staffAction(CreateTicketParams, createTicket),
  ticketUpdate: staffAction(UpdateTicketParams, updateTicket),
  ticketMerge: staffAction(MergeTicketsParams, mergeTickets),
  ticketDelete: staffAction(TicketIdParams, deleteTicket),

  noteCreate: staffAction(CreateNoteParams, createNote),
  noteDelete: staffAction(NoteIdParams, deleteNote),

  categoryCreate: staffAction(CreateCategoryParams, createCategory),
  categoryUpdate: staffAction(UpdateCategoryParams, updateCategory),
  categoryDelete: staffAction(CategoryIdParams("The category to delete"), deleteCategory),
  categoryRestore: staffAction(CategoryIdParams("The deleted category to restore"), restoreCategory),
  articleCreate: staffAction(CreateArticleParams, createArticle),
  articleUpdate: staffAction(UpdateArticleParams, updateArticle),
  articleDelete: staffAction(ArticleIdParams("The article to delete"), deleteArticle),
  articleRestore: staffAction(ArticleIdParams("The deleted article to restore"), restoreArticle),

  notificationCreate: staffAction(CreateNotificationParams, createNotification),
  notificationUpdate: staffAction(UpdateNotificationParams, updateNotification),
  notificationDelete: staffAction(NotificationIdParams("The notification to delete"), deleteNotification),
  notificationRestore: staffAction(NotificationIdParams("The deleted notification to restore"), restoreNotification),
};
