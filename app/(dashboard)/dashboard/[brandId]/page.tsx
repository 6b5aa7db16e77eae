import { redirect } from "next/navigation";

export default async function BrandHome({ params }: { params: Promise<{ brandId: string }> }) {
  redirect(`/dashboard/${(await params).brandId}/accounts`);
}
