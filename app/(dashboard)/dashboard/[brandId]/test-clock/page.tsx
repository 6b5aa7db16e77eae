import { dashboardContext } from "@/app/_auth/session";
import { formatInstant } from "@/lib/format";
import { AdvanceForm } from "./advance-form";

export const metadata = { title: "Test clock · Recurring Billing" };

export default async function TestClockPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  return (
    <>
      <h1>Test clock</h1>
      {ctx.brand.sandbox ? (
        <div className="card test-clock">
          <p>
            This sandbox brand lives at <strong>{formatInstant(ctx.now())}</strong>. Its time stands still until you move it forward here (or with
            TestClock/Advance); it never goes back.
          </p>
          <AdvanceForm brandId={brandId} now={ctx.now().toISOString()} />
        </div>
      ) : (
        <p className="alert info" role="note">
          This is a live brand: its time is the real time, always. Create a sandbox brand (Brand/Create with sandbox=Y) to rehearse renewals, trials and dunning
          with a test clock.
        </p>
      )}
    </>
  );
}
