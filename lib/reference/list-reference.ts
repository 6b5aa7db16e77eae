import type { Context } from "../auth/context";
import { locales, timezones, utcOffset } from "./values";

export async function listReference({ ctx, input }: { ctx: Context; input: { type?: "locale" | "timezone" | null } }) {
  const now = ctx.now();
  return {
    ...(input.type !== "timezone" && { locales: locales.map((l) => ({ locale: l.code, name: l.name })) }),
    ...(input.type !== "locale" && { timezones: timezones.map((t) => ({ timezone_id: t, utc_offset: utcOffset(t, now) })) }),
  };
}
