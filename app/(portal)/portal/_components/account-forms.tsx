"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { AccountSettings, AccountUser } from "@/lib/portal/account-queries";
import { changePassword, setTwoStep, updateProfile } from "../_lib/actions";
import { ActionForm, FormAlert, TextField, useActionForm } from "./field";

export type PersonFields = { first_name: string; last_name: string; email_address: string; phone_number_country_code: string; phone_number: string };
export const PERSON_FIELDS = ["first_name", "last_name", "email_address", "phone_number_country_code", "phone_number"] as const;

export const personValues = (u?: AccountUser): PersonFields => ({
  first_name: u?.firstName ?? "",
  last_name: u?.lastName ?? "",
  email_address: u?.emailAddress ?? "",
  phone_number_country_code: u?.phoneNumberCountryCode ?? "",
  phone_number: u?.phoneNumber ?? "",
});

/** Name, email and phone inputs, shared by the profile and the users of the account. */
export function PersonInputs({ form }: { form: ReturnType<typeof useForm<PersonFields>> }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <div className="p-row">
        <TextField label="First name" registration={register("first_name")} error={errors.first_name?.message} autoComplete="given-name" />
        <TextField label="Last name" registration={register("last_name")} error={errors.last_name?.message} autoComplete="family-name" />
      </div>
      <TextField label="Email address" type="email" registration={register("email_address")} error={errors.email_address?.message} autoComplete="email" />
      <div className="p-row p-phone">
        <TextField
          label="Country code"
          registration={register("phone_number_country_code")}
          error={errors.phone_number_country_code?.message}
          inputMode="numeric"
          placeholder="1"
          autoComplete="tel-country-code"
        />
        <TextField
          label="Phone number"
          type="tel"
          registration={register("phone_number")}
          error={errors.phone_number?.message}
          autoComplete="tel-national"
          hint="For verification codes by text message."
        />
      </div>
    </>
  );
}

export function ProfileForm({ me }: { me: AccountUser }) {
  const router = useRouter();
  const f = useActionForm<PersonFields>({
    defaults: personValues(me),
    fields: PERSON_FIELDS,
    send: (values) => updateProfile(values),
    done: () => {
      router.refresh();
      return "Your profile was saved.";
    },
  });
  return (
    <ActionForm of={f} label="Save profile" busyLabel="Saving…">
      <PersonInputs form={f.form} />
    </ActionForm>
  );
}

export function PasswordForm() {
  const f = useActionForm<{ current_password: string; password: string; confirm: string }>({
    defaults: { current_password: "", password: "", confirm: "" },
    fields: ["current_password", "password"],
    send: async ({ current_password, password, confirm }, form) => {
      if (password !== confirm) return form.setError("confirm", { message: "The two new passwords are not the same." });
      return changePassword({ current_password, password });
    },
    done: (_data, form) => {
      form.reset();
      return "Your password was changed. Use it the next time you sign in.";
    },
  });
  const { register } = f.form;
  return (
    <ActionForm of={f} label="Change password" busyLabel="Changing…">
      <TextField
        label="Current password"
        type="password"
        registration={register("current_password")}
        error={f.errors.current_password?.message}
        autoComplete="current-password"
      />
      <TextField
        label="New password"
        type="password"
        registration={register("password")}
        error={f.errors.password?.message}
        autoComplete="new-password"
        hint="At least 8 characters."
      />
      <TextField label="New password again" type="password" registration={register("confirm")} error={f.errors.confirm?.message} autoComplete="new-password" />
    </ActionForm>
  );
}

/** Turns the second step on or off; says where the code goes (SMS when the user has a phone number and SMS is set up, else email). */
export function TwoStepForm({ me, twoStep }: { me: AccountUser; twoStep: AccountSettings["twoStep"] }) {
  const router = useRouter();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const byText = twoStep.smsAvailable && me.phoneNumber && me.phoneNumberCountryCode;
  const where = byText ? `by text message to +${me.phoneNumberCountryCode} ${me.phoneNumber}` : `by email to ${me.emailAddress}`;
  const toggle = async () => {
    setBusy(true);
    setError(undefined);
    const answer = await setTwoStep({ verified: twoStep.on ? "N" : "Y" });
    setBusy(false);
    if (!answer.ok) return setError(answer.error.message);
    router.refresh();
  };
  return (
    <div>
      <FormAlert error={error} />
      <p>
        {twoStep.on ? <span className="p-badge ok">On</span> : <span className="p-badge plain">Off</span>}{" "}
        {twoStep.on ? `After your password, we ask for a code sent ${where}.` : `Turn it on to be asked for a code sent ${where} after your password.`}
      </p>
      {twoStep.smsAvailable && !byText ? <p className="muted">Add a phone number to your profile to get the code by text message instead.</p> : null}
      <button className={`p-button${twoStep.on ? " secondary" : ""}`} type="button" onClick={toggle} disabled={busy}>
        {busy ? "Saving…" : twoStep.on ? "Turn off two-step verification" : "Turn on two-step verification"}
      </button>
    </div>
  );
}
