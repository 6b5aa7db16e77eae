"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import type { ActionResult } from "@/lib/actions/define-action";

export interface RecordStep {
  label: string;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  /** What will happen, said before it does. */
  body: ReactNode;
  /** A bound server action ("use server"), called with the record's id parameter. */
  action: (brandId: string, input: Record<string, string>) => Promise<ActionResult>;
  /** More parameters for this step's action (a coupon's new status). */
  extra?: Record<string, string>;
  /** Where to go afterwards (a deleted record's list); none: stay and refresh. */
  then?: string;
}

/** A detail page's lifecycle buttons (suspend, restore, delete, ...), each behind a dialog that says what will happen. */
export function RecordActions({ brandId, input, steps }: { brandId: string; input: Record<string, string>; steps: RecordStep[] }) {
  const router = useRouter();
  return (
    <>
      {steps.map((s) => (
        <ConfirmButton
          key={s.label}
          label={s.label}
          title={s.title}
          confirmLabel={s.confirmLabel}
          danger={s.danger}
          onConfirm={async () => {
            const r = await s.action(brandId, { ...input, ...s.extra });
            if (!r.ok) return r.error.message;
            if (s.then) router.push(s.then);
            router.refresh();
            return null;
          }}
        >
          {s.body}
        </ConfirmButton>
      ))}
    </>
  );
}
