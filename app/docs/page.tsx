import { ApiReference } from "@/components/api-reference";

export const metadata = { title: "API reference · Recurring Billing" };

export default function DocsPage() {
  return <ApiReference url="/api/openapi.json" />;
}
