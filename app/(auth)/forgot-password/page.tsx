import { ForgotForm } from "../_components/forgot-form";

export const metadata = { title: "Forgot password · Recurring Billing" };

export default function ForgotPasswordPage() {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>Reset your password</h1>
        <p className="muted">Enter the email you sign in to the dashboard with. We email you a link to choose a new password.</p>
        <ForgotForm />
      </div>
    </main>
  );
}
