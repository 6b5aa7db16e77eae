"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { GatewayRead } from "@/lib/gateways/read";
import { GatewayActions } from "./_components/gateway-actions";

/** A gateway's read row as the table shows it (lib/gateways/read.ts): its credentials only masked. */
export type GatewayRow = Pick<GatewayRead, "id" | "name" | "provider" | "credentials1Masked" | "defaultForCards" | "defaultForBankAccounts" | "createdAt">;

const defaults = (g: GatewayRow) => [g.defaultForCards ? "Cards" : "", g.defaultForBankAccounts ? "Bank accounts" : ""].filter(Boolean).join(", ") || "—";

export const GatewaysTable = listTable<GatewayRow, { admin: boolean }>(({ brandId, admin }, t) => ({
  label: "Payment gateways",
  columns: [
    t.text("name", "Name", (g) => (admin ? <Link href={t.href(`gateways/${g.id}/edit`)}>{g.name}</Link> : g.name)),
    t.text("provider", "Provider", "provider", { sort: false }),
    t.text("credentials", "Credentials", (g) => <code>{g.credentials1Masked}</code>, { sort: false }),
    t.text("default", "Default for", defaults, { sort: false }),
    t.created("createdAt", "Added"),
    ...t.actions(admin, (g) => <GatewayActions brandId={brandId} gateway={g} />),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Gateway name",
  empty: admin ? t.empty("No gateways yet.", "gateways/new", "Add the first one") : "No gateways yet.",
}));
