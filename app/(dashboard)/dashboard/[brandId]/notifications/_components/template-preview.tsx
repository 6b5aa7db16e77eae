"use client";

import type { NotificationEvent } from "@/lib/notifications/events";
import type { Template } from "@/lib/notifications/defaults";
import { renderPreview, type PreviewBrand } from "@/lib/notifications/sample";
import styles from "./notifications.module.css";

type Templates = Partial<Record<keyof Template, string>>;

/**
 * Both copies of the email rendered with sample values by the same code the emails use
 * (lib/notifications/templates.ts); an empty template falls back to the event's default, as sending does.
 */
export function TemplatePreview({
  event,
  brand,
  defaults,
  templates,
  at,
}: {
  event: NotificationEvent;
  brand: PreviewBrand;
  defaults: Template;
  templates: Templates;
  at: string;
}) {
  const copies = [
    { copy: "customer" as const, title: "Customer's email" },
    { copy: "brand" as const, title: "Brand's copy" },
  ];
  return (
    <section className={styles.preview} aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      <p className="muted">With sample values (customer Jane Sample, a 25.00 invoice…) and your brand&apos;s details.</p>
      <div className={styles.copies}>
        {copies.map(({ copy, title }) => {
          const subject = templates[`subject_${copy}`] || defaults[`subject_${copy}`];
          const html = templates[`html_${copy}`] || defaults[`html_${copy}`];
          const p = renderPreview(event, brand, copy, subject, html, new Date(at));
          const usesDefault = !templates[`subject_${copy}`] || !templates[`html_${copy}`];
          return (
            <div key={copy} className={styles.copy} data-testid={`preview-${copy}`}>
              <h3>
                {title}
                {usesDefault && <span className="muted"> (default template where empty)</span>}
              </h3>
              {p.problem ? (
                <p className="alert error" role="alert">
                  {p.problem}
                </p>
              ) : (
                <>
                  <p className={styles.subject}>
                    <span className="muted">Subject:</span> <strong>{p.subject}</strong>
                  </p>
                  {/* sandbox: the rendered HTML runs nothing and cannot reach this page. */}
                  <iframe className={styles.frame} title={`${title}, rendered`} sandbox="" srcDoc={p.html} />
                </>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
