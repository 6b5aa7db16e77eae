"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import { GatewayActions } from "./_components/gateway-actions";

export interface GatewayRow {
  gateway_id: string;
  name: string;
  gateway_provider: string;
  credentials_1: string;
  default_cc: string;
  default_ba: string;
  created: Date | string;
}

const defaults = (g: GatewayRow) => [g.default_cc === "Y" ? "Cards" : "", g.default_ba === "Y" ? "Bank accounts" : ""].filter(Boolean).join(", ") || "—";

export const GatewaysTable = listTable<GatewayRow, { admin: boolean }>(({ brandId, admin }, t) => ({
  label: "Payment gateways",
  columns: [
    t.text("name", "Name", (g) => (admin ? <Link href={t.href(`gateways/${g.gateway_id}/edit`)}>{g.name}</Link> : g.name)),
    t.text("provider", "Provider", "gateway_provider", { sort: false }),
    t.text("credentials", "Credentials", (g) => <code>{g.credentials_1}</code>, { sort: false }),
    t.text("default", "Default for", defaults, { sort: false }),
    t.created("created", "Added"),
    ...t.actions(admin, (g) => <GatewayActions brandId={brandId} gateway={g} />),
  ],
  getRowId: (r) => r.gateway_id,
  searchPlaceholder: "Gateway name",
  empty: admin ? t.empty("No gateways yet.", "gateways/new", "Add the first one") : "No gateways yet.",
}));
