"use client";

import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { CreateInvoiceParams, UpdateInvoiceParams } from "@/lib/invoices/schemas";
import { Form, YES_NO, type Field } from "@/components/forms/form";
import { createInvoice, updateInvoice } from "../actions";

export interface Item {
  item_name: string;
  item_price: string;
  quantity: string;
  tax_exempt: string;
}

const blank = (): Item => ({ item_name: "", item_price: "", quantity: "1", tax_exempt: "N" });

/** attached_items as the API takes it (JSON); rows left wholly empty are not sent. */
const itemsParam = (items: Item[]) =>
  JSON.stringify(
    items
      .filter((i) => i.item_name || i.item_price)
      .map((i) => ({ item_name: i.item_name, item_price: i.item_price, quantity: i.quantity || "1", tax_exempt: i.tax_exempt })),
  );

/**
 * A manual invoice (Invoice/Create), or changes to one (Invoice/Update: the due date always, the
 * items only when changed, replacing them all). The server names a bad item in its message.
 */
export function InvoiceForm({
  brandId,
  invoice,
  defaultDue,
  accountId = "",
}: {
  brandId: string;
  invoice?: { invoice_id: string; customer_account_id: string; due_date: string; custom_field_1: string; custom_field_2: string; items: Item[] };
  defaultDue: string;
  accountId?: string;
}) {
  const router = useRouter();
  const [items, setItems] = useState<Item[]>(invoice?.items.length ? invoice.items : [blank()]);
  const fields: Field[] = [
    ...(invoice ? [] : [{ name: "customer_account_id", label: "Customer", required: true, kind: "account" } as const]),
    { name: "due_date", label: "Due date", required: true, hint: "M/D/YYYY, like 12/31/2026" },
    { name: "custom_field_1", label: "Custom field 1" },
    { name: "custom_field_2", label: "Custom field 2" },
  ];
  const original = invoice ? itemsParam(invoice.items) : "";
  const extra = useMemo((): Record<string, string> => {
    const now = itemsParam(items);
    if (invoice) return now !== original ? { attached_items: now } : {};
    return now !== "[]" ? { attached_items: now } : {};
  }, [items, invoice, original]);
  const set = (n: number, patch: Partial<Item>) => setItems(items.map((it, i) => (i === n ? { ...it, ...patch } : it)));
  const back = invoice ? `/dashboard/${brandId}/invoices/${invoice.invoice_id}` : `/dashboard/${brandId}/invoices`;
  return (
    <Form
      fields={fields}
      defaults={
        invoice
          ? { due_date: invoice.due_date, custom_field_1: invoice.custom_field_1, custom_field_2: invoice.custom_field_2 }
          : { due_date: defaultDue, customer_account_id: accountId }
      }
      schema={invoice ? UpdateInvoiceParams.omit({ invoice_id: true, customer_account_id: true }) : CreateInvoiceParams}
      fixed={invoice ? { invoice_id: invoice.invoice_id, customer_account_id: invoice.customer_account_id } : {}}
      editing={Boolean(invoice)}
      extra={extra}
      submit={(input) => (invoice ? updateInvoice(brandId, input) : createInvoice(brandId, input))}
      onDone={(data) => {
        router.push(`/dashboard/${brandId}/invoices/${(data as { invoice_id: string }).invoice_id}`);
        router.refresh();
      }}
      submitLabel={invoice ? "Save changes" : "Create invoice"}
      cancelHref={back}
    >
      <fieldset className="field span-all items-editor">
        <legend>Items</legend>
        {items.map((it, n) => (
          <div key={n} className="item-row" role="group" aria-label={`Item ${n + 1}`}>
            <label>
              Name
              <input value={it.item_name} onChange={(e) => set(n, { item_name: e.target.value })} />
            </label>
            <label>
              Price
              <input value={it.item_price} inputMode="decimal" placeholder="25.00" onChange={(e) => set(n, { item_price: e.target.value.trim() })} />
            </label>
            <label>
              Qty
              <input value={it.quantity} inputMode="numeric" onChange={(e) => set(n, { quantity: e.target.value.trim() })} />
            </label>
            <label>
              Tax exempt
              <select value={it.tax_exempt} onChange={(e) => set(n, { tax_exempt: e.target.value })}>
                {YES_NO.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="button secondary small"
              onClick={() => setItems(items.filter((_, i) => i !== n))}
              aria-label={`Remove item ${n + 1}`}
            >
              Remove
            </button>
          </div>
        ))}
        <div>
          <button type="button" className="button secondary small" onClick={() => setItems([...items, blank()])}>
            Add item
          </button>
        </div>
      </fieldset>
    </Form>
  );
}
