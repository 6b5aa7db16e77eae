import { redirect } from "next/navigation";

/** A brand opens on its overview. */
export default async function BrandHome({ params }: { params: Promise<{ brandId: string }> }) {
  redirect(`/dashboard/${(await params).brandId}/overview`);
}
