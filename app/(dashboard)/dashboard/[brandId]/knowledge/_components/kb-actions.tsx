"use client";

import { useRouter } from "next/navigation";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { deleteArticle, deleteCategory, restoreArticle, restoreCategory } from "../actions";

type Run = (brandId: string, input: Record<string, string>) => Promise<{ ok: true } | { ok: false; error: { message: string } }>;

/** Delete or restore one category or article, behind a dialog that says what happens. */
function DeleteRestore({
  brandId,
  deleted,
  what,
  name,
  input,
  remove,
  restore,
  deleteText,
  restoreText,
  after,
}: {
  brandId: string;
  deleted: boolean;
  what: string;
  name: string;
  input: Record<string, string>;
  remove: Run;
  restore: Run;
  deleteText: string;
  restoreText: string;
  after?: string;
}) {
  const router = useRouter();
  const run = (action: Run) => async () => {
    const r = await action(brandId, input);
    if (!r.ok) return r.error.message;
    if (after) router.push(after);
    router.refresh();
    return null;
  };
  return deleted ? (
    <ConfirmButton label="Restore" labelContext={name} title={`Restore the ${what} “${name}”?`} confirmLabel={`Restore ${what}`} onConfirm={run(restore)}>
      <p>{restoreText}</p>
    </ConfirmButton>
  ) : (
    <ConfirmButton label="Delete" labelContext={name} title={`Delete the ${what} “${name}”?`} confirmLabel={`Delete ${what}`} danger onConfirm={run(remove)}>
      <p>{deleteText}</p>
    </ConfirmButton>
  );
}

export function CategoryActions({ brandId, id, name, deleted, articles }: { brandId: string; id: string; name: string; deleted: boolean; articles: number }) {
  return (
    <DeleteRestore
      brandId={brandId}
      deleted={deleted}
      what="category"
      name={name}
      input={{ category_id: id }}
      remove={deleteCategory}
      restore={restoreCategory}
      deleteText={`The category is deleted; ${articles ? `its ${articles} article${articles === 1 ? " stays" : "s stay"} filed under it` : "it has no articles"}. A category with sub categories cannot be deleted until they are. You can restore it later.`}
      restoreText="The category is live again. A sub category can be restored only while its parent is live."
    />
  );
}

export function ArticleActions({ brandId, id, name, deleted, after }: { brandId: string; id: string; name: string; deleted: boolean; after?: string }) {
  return (
    <DeleteRestore
      brandId={brandId}
      deleted={deleted}
      what="article"
      name={name}
      input={{ article_id: id }}
      remove={deleteArticle}
      restore={restoreArticle}
      deleteText="The article is deleted and no longer listed. You can restore it within 90 days."
      restoreText="The article is live again, with the visibility it had."
      after={after}
    />
  );
}
