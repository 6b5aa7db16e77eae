"use client";
import { useActionState } from "react";
import { forgotPassword, resend, signIn, startProvider, verify, type FormState } from "./actions";

function Alert({ state }: { state: FormState }) {
  if (state.error)
    return (
      <div className="p-alert error" role="alert">
        {state.error}
      </div>
    );
  if (state.notice)
    return (
      <div className="p-alert info" role="status">
        {state.notice}
      </div>
    );
  return null;
}

/** The email address or username a customer signs in with (kept after a refusal). */
function LoginField({ state }: { state: FormState }) {
  return (
    <label className="p-field">
      <span>Email address or username</span>
      <input
        name="login"
        type="text"
        defaultValue={state.login}
        autoComplete="username"
        required
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={Boolean(state.error)}
      />
    </label>
  );
}

export function SignInForm({ brandId, redirect }: { brandId: string; redirect: string }) {
  const [state, action, pending] = useActionState(signIn, {});
  return (
    <form action={action} noValidate>
      <Alert state={state} />
      <input type="hidden" name="brand" value={brandId} />
      <input type="hidden" name="redirect" value={redirect} />
      <LoginField state={state} />
      <label className="p-field">
        <span>Password</span>
        <input name="password" type="password" autoComplete="current-password" required aria-invalid={Boolean(state.error)} />
      </label>
      <button className="p-button" type="submit" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}

export function VerifyForm({ redirect, method }: { redirect: string; method: "email" | "sms" }) {
  const [state, action, pending] = useActionState(verify, {});
  const [resent, resendAction, resending] = useActionState(resend, {});
  return (
    <>
      <form action={action} noValidate>
        <Alert state={state.error ? state : resent} />
        <input type="hidden" name="redirect" value={redirect} />
        <label className="p-field">
          <span>Verification code</span>
          <input
            name="code"
            type="text"
            required
            autoComplete="one-time-code"
            inputMode={method === "sms" ? "numeric" : "text"}
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={Boolean(state.error)}
          />
        </label>
        <button className="p-button" type="submit" disabled={pending}>
          {pending ? "Checking…" : "Verify and sign in"}
        </button>
      </form>
      <form action={resendAction} style={{ marginTop: 14, textAlign: "center" }}>
        <button className="p-button link" type="submit" disabled={resending}>
          Send me a new code
        </button>
      </form>
    </>
  );
}

/** One button per configured identity provider (User/OAuthAuthenticate); a refusal shows above them. */
export function ProviderButtons({ brandId, redirect, providers }: { brandId: string; redirect: string; providers: { id: string; name: string }[] }) {
  const [state, action, pending] = useActionState(startProvider, {});
  return (
    <form action={action} className="p-providers">
      <Alert state={state} />
      <input type="hidden" name="brand" value={brandId} />
      <input type="hidden" name="redirect" value={redirect} />
      {providers.map((p) => (
        <button key={p.id} className="p-button secondary" type="submit" name="provider" value={p.id} disabled={pending}>
          Continue with {p.name}
        </button>
      ))}
    </form>
  );
}

/** "Forgot password": the email address or username; the answer is the same whether or not it exists. */
export function ForgotForm({ brandId }: { brandId: string }) {
  const [state, action, pending] = useActionState(forgotPassword, {});
  return (
    <form action={action} noValidate>
      <Alert state={state} />
      <input type="hidden" name="brand" value={brandId} />
      <LoginField state={state} />
      <button className="p-button" type="submit" disabled={pending}>
        {pending ? "Sending…" : "Email me a temporary password"}
      </button>
    </form>
  );
}
