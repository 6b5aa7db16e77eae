"use client";

import type { CatalogChoices } from "@/lib/subscriptions/read";

export type Chosen = Record<string, string>;

/** attached_components as the API takes it: [{component_id, units}] (JSON). */
export const componentsParam = (chosen: Chosen) =>
  JSON.stringify(Object.entries(chosen).map(([component_id, units]) => ({ component_id, units: units || "1" })));

/** The product group's components, each ticked on with its units (a traditional one is always 1). */
export function ComponentPicker({ components, chosen, onChange }: { components: CatalogChoices["components"]; chosen: Chosen; onChange: (c: Chosen) => void }) {
  return (
    <fieldset className="field span-all choice-list">
      <legend>Components</legend>
      {components.length === 0 ? (
        <p className="hint">This product&apos;s group has no active components.</p>
      ) : (
        components.map((c) => {
          const on = c.id in chosen;
          return (
            <div key={c.id} className="choice">
              <label>
                <input
                  type="checkbox"
                  checked={on}
                  onChange={(e) => {
                    const next = { ...chosen };
                    if (e.target.checked) next[c.id] = "1";
                    else delete next[c.id];
                    onChange(next);
                  }}
                />{" "}
                {c.name}{" "}
                <span className="muted">
                  ({c.type}, {c.price} a unit)
                </span>
              </label>
              {on && c.type !== "traditional" && (
                <label className="units">
                  Units{" "}
                  <input
                    type="text"
                    inputMode="numeric"
                    size={6}
                    value={chosen[c.id]}
                    onChange={(e) => onChange({ ...chosen, [c.id]: e.target.value.trim() })}
                    aria-label={`Units of ${c.name}`}
                  />
                </label>
              )}
            </div>
          );
        })
      )}
    </fieldset>
  );
}

/** Coupon codes ticked on, sent comma-separated (several only when all are stackable: the server says so). */
export function CouponPicker({ coupons, chosen, onChange }: { coupons: CatalogChoices["coupons"]; chosen: string[]; onChange: (codes: string[]) => void }) {
  return (
    <fieldset className="field span-all choice-list">
      <legend>Coupons</legend>
      {coupons.length === 0 ? (
        <p className="hint">No active coupons.</p>
      ) : (
        coupons.map((c) => (
          <label key={c.code} className="choice">
            <input
              type="checkbox"
              checked={chosen.includes(c.code)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, c.code] : chosen.filter((x) => x !== c.code))}
            />{" "}
            <code>{c.code}</code> {c.name}
            {c.stackable ? <span className="muted"> (stackable)</span> : null}
          </label>
        ))
      )}
    </fieldset>
  );
}
