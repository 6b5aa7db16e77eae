"use client";

import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { deleteNotification, restoreNotification } from "../actions";

/** Delete or restore, behind a dialog that says what happens to the emails. */
export function NotificationActions({ brandId, id, event, deleted }: { brandId: string; id: string; event: string; deleted: boolean }) {
  const router = useRouter();
  const run = (action: typeof deleteNotification) => async () => {
    const r = await action(brandId, { notification_id: id });
    if (!r.ok) return r.error.message;
    router.refresh();
    return null;
  };
  return deleted ? (
    <ConfirmButton label="Restore" title={`Restore the ${event} notification?`} confirmLabel="Restore notification" onConfirm={run(restoreNotification)}>
      <p>
        {event} emails are sent with these templates again. Refused if another {event} notification was created meanwhile.
      </p>
    </ConfirmButton>
  ) : (
    <ConfirmButton label="Delete" title={`Delete the ${event} notification?`} confirmLabel="Delete notification" danger onConfirm={run(deleteNotification)}>
      <p>
        No {event} email is sent any more{event === "User/Create" ? " (a new user asked to get one still does, with the default template)" : ""}. You can
        restore it later.
      </p>
    </ConfirmButton>
  );
}
