"use client";

import { useRouter } from "next/navigation";
import { Form, YES_NO, type Field } from "@/components/forms/form";
import { CreateUserParams, UpdateUserParams } from "@/lib/users/schemas";
import { createUser, updateUser } from "../actions";

const ACCESS = [
  { value: "USER", label: "User" },
  { value: "ADMIN", label: "Admin (manages the account's users)" },
] as const;

const PROFILE: Field[] = [
  { name: "first_name", label: "First name", required: true, autoComplete: "given-name" },
  { name: "last_name", label: "Last name", required: true, autoComplete: "family-name" },
  { name: "email_address", label: "Email", required: true, kind: "email", autoComplete: "email", hint: "Unique on the customer account" },
  { name: "access_level", label: "Access level", required: true, options: ACCESS },
  { name: "locale", label: "Locale", required: true, hint: "Like en-US" },
  { name: "timezone_id", label: "Time zone", required: true, hint: "Like America/New_York" },
  { name: "phone_number_country_code", label: "Phone country code", hint: "Like 1 or 44", autoComplete: "tel-country-code" },
  { name: "phone_number", label: "Phone number", autoComplete: "tel-national" },
  { name: "custom_field_1", label: "Custom field 1" },
  { name: "custom_field_2", label: "Custom field 2" },
  { name: "avatar_uri", label: "Avatar address", kind: "url", hint: "A gif, jpg, jpeg or png picture" },
];

/** Create a customer user (on a chosen account) or edit one; Update always sends access_level, as the API requires. */
export function UserForm({ brandId, accountId, user }: { brandId: string; accountId?: string; user?: Record<string, string> & { user_id: string } }) {
  const router = useRouter();
  const base = `/dashboard/${brandId}/users`;
  const fields: Field[] = user
    ? [
        ...PROFILE,
        { name: "password", label: "New password", kind: "password", autoComplete: "new-password", hint: "Leave empty to keep the current one" },
        { name: "verified", label: "Verified", options: YES_NO },
      ]
    : [
        { name: "customer_account_id", label: "Customer account", required: true, kind: "account" },
        ...PROFILE,
        { name: "password", label: "Password", kind: "password", autoComplete: "new-password", hint: "Leave empty to generate one" },
        {
          name: "send_new_user_email",
          label: "Send the new-user email",
          required: true,
          options: YES_NO,
          hint: "Carries the generated password when none is set",
        },
      ];
  return (
    <Form
      schema={user ? UpdateUserParams : CreateUserParams}
      fields={fields}
      editing={Boolean(user)}
      defaults={
        user ?? { customer_account_id: accountId ?? "", access_level: "USER", locale: "en-US", timezone_id: "America/New_York", send_new_user_email: "N" }
      }
      fixed={user ? { user_id: user.user_id } : {}}
      always={["access_level"]}
      submit={(input) => (user ? updateUser(brandId, input) : createUser(brandId, input))}
      onDone={(data) => {
        router.push(`${base}/${(data as { user_id: string }).user_id}`);
        router.refresh();
      }}
      submitLabel={user ? "Save changes" : "Create user"}
      cancelHref={user ? `${base}/${user.user_id}` : base}
    />
  );
}
