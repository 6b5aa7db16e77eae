import { redirect } from "next/navigation";
import { requireStaffHome } from "@/app/_auth/session";

export const dynamic = "force-dynamic";

/** /dashboard: the signed-in user's first brand. */
export default async function DashboardHome() {
  const home = await requireStaffHome();
  if (home.brands.length === 0) {
    return (
      <main className="page">
        <h1>No brands yet</h1>
        <p>Your service account has no brands. Create one through the API (Brand/Create).</p>
      </main>
    );
  }
  redirect(`/dashboard/${home.brands[0].id}/overview`);
}
