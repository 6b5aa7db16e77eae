"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney } from "@/lib/format";

export interface Series {
  key: string;
  label: string;
  color: string;
}

/**
 * A bar chart of amounts in cents (recharts, drawn in the browser). The same figures are in the
 * table beside it, so the chart is decoration for screen readers (aria-hidden) and needs no text.
 * Not animated: the figures show at once (and screenshots show them). With nothing but zeros, an axis
 * of "$0" ticks would say nothing: `empty` is shown instead.
 */
export function AmountBarChart({
  data,
  category,
  series,
  empty,
  currency,
}: {
  /** The brand's: the amounts are its minor units. */
  currency: string;
  data: Record<string, string | number>[];
  category: string;
  series: Series[];
  empty: string;
}) {
  if (data.every((row) => series.every((s) => !Number(row[s.key])))) return <p className="muted">{empty}</p>;
  return (
    <div aria-hidden="true" style={{ width: "100%", height: 240 }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 240 }}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e3e7ef" />
          <XAxis dataKey={category} tickLine={false} tick={{ fill: "#5b6678", fontSize: 12 }} />
          <YAxis
            tickFormatter={(c: number) => formatMoney(c, currency, undefined, { compact: true })}
            tickLine={false}
            axisLine={false}
            width={56}
            tick={{ fill: "#5b6678", fontSize: 12 }}
          />
          <Tooltip formatter={(v) => formatMoney(Number(v), currency)} cursor={{ fill: "#f1f4f9" }} />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 13 }} />}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} radius={[3, 3, 0, 0]} maxBarSize={40} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
