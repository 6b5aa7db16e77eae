"use client";

import { ConfirmButton, useConfirmAction } from "@/components/ui/confirm-dialog";
import type { GatewayRead } from "@/lib/gateways/read";
import { deleteGateway, setDefaultGateway } from "../actions";

/** Make default and delete, each behind a dialog saying what happens. */
export function GatewayActions({
  brandId,
  gateway,
}: {
  brandId: string;
  gateway: Pick<GatewayRead, "id" | "name" | "defaultForCards" | "defaultForBankAccounts">;
}) {
  const run = useConfirmAction();
  const isDefault = gateway.defaultForCards || gateway.defaultForBankAccounts;
  const id = { gateway_id: gateway.id };
  return (
    <>
      {!(gateway.defaultForCards && gateway.defaultForBankAccounts) && (
        <ConfirmButton
          label={`Make ${gateway.name} default`}
          title={`Make ${gateway.name} the default?`}
          confirmLabel="Make default"
          onConfirm={run(() => setDefaultGateway(brandId, id))}
        >
          <p>
            New pay methods of every type this provider takes are added on this gateway, replacing the current default. Existing pay methods stay on their
            gateway.
          </p>
        </ConfirmButton>
      )}
      <ConfirmButton
        label={`Delete ${gateway.name}`}
        title={`Delete ${gateway.name}?`}
        confirmLabel="Delete gateway"
        danger
        onConfirm={run(() => deleteGateway(brandId, id))}
      >
        <p>Pay methods on this gateway can no longer be charged or refunded through it.</p>
        {isDefault && <p>It is a default gateway: the brand is left without a default until you choose another.</p>}
      </ConfirmButton>
    </>
  );
}
