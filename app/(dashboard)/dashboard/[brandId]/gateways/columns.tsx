"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { formatInstant } from "@/lib/format";
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

function columns(brandId: string, admin: boolean): ColumnDef<GatewayRow, unknown>[] {
  return [
    {
      id: "name",
      header: "Name",
      cell: ({ row: { original: g } }) => (admin ? <Link href={`/dashboard/${brandId}/gateways/${g.gateway_id}/edit`}>{g.name}</Link> : g.name),
    },
    { id: "provider", header: "Provider", enableSorting: false, cell: ({ row }) => row.original.gateway_provider },
    { id: "credentials", header: "Credentials", enableSorting: false, cell: ({ row }) => <code>{row.original.credentials_1}</code> },
    { id: "default", header: "Default for", enableSorting: false, cell: ({ row }) => defaults(row.original) },
    { id: "created_at", header: "Added", cell: ({ row }) => formatInstant(row.original.created) },
    ...(admin
      ? [
          {
            id: "actions",
            header: "Actions",
            enableSorting: false,
            cell: ({ row: { original: g } }: { row: { original: GatewayRow } }) => (
              <div className="actions">
                <GatewayActions brandId={brandId} gateway={g} />
              </div>
            ),
          } as ColumnDef<GatewayRow, unknown>,
        ]
      : []),
  ];
}

export const GatewaysTable = listTable<GatewayRow, { admin: boolean }>(({ brandId, admin }) => ({
  label: "Payment gateways",
  columns: columns(brandId, admin),
  getRowId: (r) => r.gateway_id,
  searchPlaceholder: "Gateway name",
  empty: admin ? (
    <>
      No gateways yet. <Link href={`/dashboard/${brandId}/gateways/new`}>Add the first one</Link>.
    </>
  ) : (
    "No gateways yet."
  ),
}));
