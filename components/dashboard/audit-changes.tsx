"use client";

import { useState } from "react";
import type { AuditChange } from "@/lib/audit/queries";
import { auditValue } from "./audit-links";

/** How much of a value shows before "Show full values"; the rest is one click away. */
export const AUDIT_VALUE_SHOWN = 80;

const cut = (text: string, full: boolean) => (full || text.length <= AUDIT_VALUE_SHOWN ? text : `${text.slice(0, AUDIT_VALUE_SHOWN - 1)}…`);

/** An update's changed fields, one a line (old → new); a long value is cut short, with its full text on demand. */
export function AuditChanges({ changes }: { changes: AuditChange[] }) {
  return (
    <ul className="changes">
      {changes.map((c) => (
        <Change key={c.field} change={c} />
      ))}
    </ul>
  );
}

function Change({ change }: { change: AuditChange }) {
  const [full, setFull] = useState(false);
  const old = auditValue(change.old);
  const next = auditValue(change.new);
  const long = old.length > AUDIT_VALUE_SHOWN || next.length > AUDIT_VALUE_SHOWN;
  return (
    <li>
      <code>{change.field}</code>: <del>{cut(old, full)}</del> → <ins>{cut(next, full)}</ins>
      {long && (
        <>
          {" "}
          <button type="button" className="link-button change-toggle" aria-expanded={full} onClick={() => setFull(!full)}>
            {full ? "Show less" : "Show full values"}
            <span className="visually-hidden"> of {change.field}</span>
          </button>
        </>
      )}
    </li>
  );
}
