"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { AccountSettings, AccountUser } from "@/lib/portal/account-queries";
import { addUser, editUser, removeUser } from "../_lib/actions";
import { PERSON_FIELDS, PersonInputs, personValues, type PersonFields } from "./account-forms";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { STATUS } from "@/lib/lifecycle";
import { FormAlert, showActionError } from "./field";

/** Adds a user (blank) or edits one; the server's refusals land on their fields. */
function UserForm({ user, defaults, onDone }: { user?: AccountUser; defaults: AccountSettings["defaults"]; onDone: (notice: string) => void }) {
  const form = useForm<PersonFields>({ defaultValues: personValues(user) });
  const onSubmit = form.handleSubmit(async (values) => {
    const answer = user
      ? await editUser({ ...values, user_id: user.id })
      : await addUser({ ...values, locale: defaults.locale, timezone_id: defaults.timezoneId });
    if (!answer.ok) return showActionError(answer.error, form.setError, PERSON_FIELDS);
    onDone(
      user
        ? `${values.first_name} ${values.last_name} was saved.`
        : `${values.first_name} ${values.last_name} was added and gets an email with their password.`,
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="p-subform" aria-label={user ? `Edit ${user.firstName} ${user.lastName}` : "Add a user"}>
      <FormAlert error={form.formState.errors.root?.message} />
      <PersonInputs form={form} />
      <div className="p-actions start">
        <button className="p-button" type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Saving…" : user ? "Save user" : "Add user"}
        </button>
        <button className="p-button secondary" type="button" onClick={() => onDone("")}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The account's users for an ADMIN user: add, edit, remove (never themselves). */
export function UsersPanel({ users, meId, defaults }: { users: AccountUser[]; meId: string; defaults: AccountSettings["defaults"] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setEditing(null);
    setNotice(message || null);
    if (message) router.refresh();
  };
  const remove = (u: AccountUser) => async () => {
    const answer = await removeUser({ user_id: u.id });
    if (!answer.ok) return answer.error.message;
    setNotice(`${u.firstName} ${u.lastName} was removed from the account.`);
    router.refresh();
    return null;
  };
  return (
    <>
      <FormAlert notice={notice} />
      <ul className="p-list p-users">
        {users.map((u) => (
          <li key={u.id}>
            {editing === u.id ? (
              <UserForm user={u} defaults={defaults} onDone={done} />
            ) : (
              <>
                <span className="p-user-who">
                  <strong>
                    {u.firstName} {u.lastName}
                  </strong>
                  {u.id === meId ? <span className="muted"> (you)</span> : null}{" "}
                  {u.accessLevel === "ADMIN" ? <span className="p-badge plain">Administrator</span> : null}
                  {u.status === STATUS.SUSPENDED ? <span className="p-badge warn">Suspended</span> : null}
                  <span className="muted p-user-email">{u.emailAddress}</span>
                </span>
                {u.id === meId ? null : (
                  <span className="p-actions start">
                    <button
                      className="p-button secondary small"
                      type="button"
                      onClick={() => setEditing(u.id)}
                      aria-label={`Edit ${u.firstName} ${u.lastName}`}
                    >
                      Edit
                    </button>
                    <ConfirmButton
                      look="portal"
                      label="Remove"
                      ariaLabel={`Remove ${u.firstName} ${u.lastName}`}
                      buttonClass="p-button danger small"
                      title={`Remove ${u.firstName} ${u.lastName}?`}
                      confirmLabel="Remove user"
                      cancelLabel="Cancel"
                      danger
                      onConfirm={remove(u)}
                    >
                      <p>
                        They can no longer sign in to this account, and any session they have ends at once. Their past messages to support stay. To undo this,
                        contact support.
                      </p>
                    </ConfirmButton>
                  </span>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === "new" ? (
        <UserForm defaults={defaults} onDone={done} />
      ) : (
        <button className="p-button" type="button" onClick={() => setEditing("new")}>
          Add a user
        </button>
      )}
    </>
  );
}
