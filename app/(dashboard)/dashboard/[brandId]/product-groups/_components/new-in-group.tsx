import Link from "next/link";
import type { ReactNode } from "react";
import type { FilterOption } from "@/components/data-table/data-table";
import { dashboardContext } from "@/app/_auth/session";
import { productGroupChoices } from "@/lib/catalog/group-names";
import { NeedsGroup } from "./needs-group";

interface Page {
  /** The list's path under the brand ("products") and its heading ("Products"). */
  list: string;
  listTitle: string;
  /** "New product". */
  title: string;
  /** Why a group is needed: "A product belongs to a product group." */
  needs: string;
  form(props: { brandId: string; groups: FilterOption[]; group?: string }): ReactNode;
}

/**
 * The page that makes a product, component or dunning rule: its form with the groups it can join
 * (the one the address names, `?group=`, chosen), or where to make a group first.
 */
export function newInGroupPage(page: Page) {
  return async function NewInGroupPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<{ group?: string }> }) {
    const { brandId } = await params;
    const groups = await productGroupChoices(await dashboardContext(brandId));
    const { group } = await searchParams;
    return (
      <>
        <p className="breadcrumb">
          <Link href={`/dashboard/${brandId}/${page.list}`}>{page.listTitle}</Link> / New
        </p>
        <h1>{page.title}</h1>
        {groups.length === 0 ? (
          <NeedsGroup brandId={brandId} what={page.needs} />
        ) : (
          <div className="card">{page.form({ brandId, groups, group: groups.some((g) => g.value === group) ? group : undefined })}</div>
        )}
      </>
    );
  };
}
