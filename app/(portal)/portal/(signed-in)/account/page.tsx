import { accountSettings } from "@/lib/portal/account-queries";
import { customerPage } from "../../_lib/data";
import { PasswordForm, ProfileForm, TwoStepForm } from "../../_components/account-forms";
import { UsersPanel } from "../../_components/account-users";
import { SignOutEverywhere } from "../../_components/sign-out-everywhere";

export const metadata = { title: "Account" };

/** The signed-in user's profile, password, two-step verification and Sign out everywhere; for an ADMIN user, the account's users. */
export default async function Account() {
  const { ctx, profile } = await customerPage();
  const s = await accountSettings(ctx);
  return (
    <>
      <h1>Account</h1>
      <p className="lede">
        {profile.account.name} · signed in as {s.me.username}
        {s.isAdmin ? " (administrator)" : null}
      </p>
      <div className="p-columns">
        <section className="p-card" aria-labelledby="profile-title">
          <h2 id="profile-title">Your profile</h2>
          <ProfileForm me={s.me} />
        </section>
        <div>
          <section className="p-card" aria-labelledby="password-title">
            <h2 id="password-title">Password</h2>
            <PasswordForm />
          </section>
          <section className="p-card" aria-labelledby="twostep-title">
            <h2 id="twostep-title">Two-step verification</h2>
            <TwoStepForm me={s.me} twoStep={s.twoStep} />
          </section>
          <section className="p-card" aria-labelledby="sessions-title">
            <h2 id="sessions-title">Where you are signed in</h2>
            <p className="muted">Signed in on a device you no longer use, or think someone else is? End every session at once.</p>
            <SignOutEverywhere />
          </section>
        </div>
      </div>
      {s.isAdmin ? (
        <section className="p-card" aria-labelledby="users-title">
          <h2 id="users-title">Users of this account</h2>
          <p className="muted">People who can sign in to this account. New users get an email with their password.</p>
          <UsersPanel users={s.users} meId={s.me.id} defaults={s.defaults} />
        </section>
      ) : null}
    </>
  );
}
