"use client";

import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import { Form, YES_NO, type Field } from "@/components/forms/form";
import type { GatewayRead, ProviderRead } from "@/lib/gateways/read";
import { createGateway, updateGateway } from "../actions";

/**
 * PayGateway/Create or Update. Credentials are never shown back (only masked), so an edit asks for
 * them again; the server checks them (the gateway schema is the server's, with the providers).
 */
export function GatewayForm({
  brandId,
  providers,
  gateway,
}: {
  brandId: string;
  providers: ProviderRead[];
  gateway?: Pick<GatewayRead, "id" | "name" | "provider" | "defaultForCards" | "defaultForBankAccounts">;
}) {
  const router = useRouter();
  const [providerId, setProviderId] = useState(gateway?.provider ?? providers[0]?.id ?? "");
  const onValues = useCallback((v: Record<string, string>) => v.gateway_provider && setProviderId(v.gateway_provider), []);
  const provider = providers.find((p) => p.id === providerId);
  const fields: Field[] = [
    { name: "name", label: "Name", required: true, hint: "Your own nickname for it" },
    ...(gateway ? [] : [{ name: "gateway_provider", label: "Provider", required: true, options: providers.map((p) => ({ value: p.id, label: p.name })) }]),
    { name: "credentials_1", label: "Credentials 1", required: true, kind: "password", hint: provider?.credentials1, autoComplete: "off" },
    { name: "credentials_2", label: "Credentials 2", kind: "password", hint: provider?.credentials2, autoComplete: "off" },
    // A default cannot be unset (only replaced): a default gateway's flags are not offered.
    ...(gateway?.defaultForCards ? [] : [{ name: "default_cc", label: "Default for cards", options: YES_NO }]),
    ...(gateway?.defaultForBankAccounts ? [] : [{ name: "default_ba", label: "Default for bank accounts", options: YES_NO }]),
  ];
  return (
    <Form
      fields={fields}
      defaults={{ name: gateway?.name ?? "", gateway_provider: providerId, default_cc: "N", default_ba: "N" }}
      fixed={gateway ? { gateway_id: gateway.id } : {}}
      onValues={onValues}
      submit={(input) => (gateway ? updateGateway(brandId, input) : createGateway(brandId, input))}
      onDone={() => {
        router.push(`/dashboard/${brandId}/gateways`);
        router.refresh();
      }}
      submitLabel={gateway ? "Save gateway" : "Add gateway"}
      cancelHref={`/dashboard/${brandId}/gateways`}
    >
      {provider?.notes && <p className="hint span-all">{provider.notes}</p>}
    </Form>
  );
}
