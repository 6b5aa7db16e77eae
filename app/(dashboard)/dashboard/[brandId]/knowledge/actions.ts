"use server";

import { staffAction } from "@/app/_auth/staff-action";
import { staffActions } from "@/lib/dashboard/actions";

export const createCategory = staffAction(staffActions.categoryCreate);
export const updateCategory = staffAction(staffActions.categoryUpdate);
export const deleteCategory = staffAction(staffActions.categoryDelete);
export const restoreCategory = staffAction(staffActions.categoryRestore);
export const createArticle = staffAction(staffActions.articleCreate);
export const updateArticle = staffAction(staffActions.articleUpdate);
export const deleteArticle = staffAction(staffActions.articleDelete);
export const restoreArticle = staffAction(staffActions.articleRestore);
