"use client";

import { ConfirmButton, useConfirmAction } from "@/components/ui/confirm-dialog";
import { deleteGateway, setDefaultGateway } from "../actions";

/** Make default and delete, each behind a dialog saying what happens. */
export function GatewayActions({
  brandId,
  gateway,
}: {
  brandId: string;
  gateway: { gateway_id: string; name: string; default_cc: string; default_ba: string };
}) {
  const run = useConfirmAction();
  const isDefault = gateway.default_cc === "Y" || gateway.default_ba === "Y";
  const id = { gateway_id: gateway.gateway_id };
  return (
    <>
      {!(gateway.default_cc === "Y" && gateway.default_ba === "Y") && (
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
