import { mockCtx } from "@inngest/test";

/**
 * An @inngest/test transformCtx whose every step.run goes through `around` (which runs the step's
 * function: timing it, or counting what it did), the step still memoized as Inngest does.
 */
export const aroundSteps = (around: (id: string, run: () => Promise<unknown>) => Promise<unknown>) => (raw: any) => {
  const ctx: any = mockCtx(raw);
  const original = ctx.step.run;
  ctx.step.run = Object.assign((id: string, fn: () => Promise<unknown>) => original(id, () => around(id, fn)), { mock: original.mock });
  return ctx;
};
