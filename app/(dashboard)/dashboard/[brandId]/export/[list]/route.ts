import type { NextRequest } from "next/server";
import { getStaffSession } from "@/app/_auth/session";
import { staffContext } from "@/lib/actions/define-action";
import { csvStream, dashboardList } from "@/lib/dashboard/exports";
import { DomainError } from "@/lib/errors";
import { parseTableQuery } from "@/components/data-table/search-params";

export const dynamic = "force-dynamic";

/**
 * A list as CSV, with the filters, search and sort of its page's URL (page and page size aside):
 * GET /dashboard/{brand}/export/{list}?q=...&status=... The rows are read and written one batch
 * at a time as the browser takes them (csvStream), so a list of any length streams in constant memory.
 */
export async function GET(req: NextRequest, { params }: { params: Promise<{ brandId: string; list: string }> }) {
  const { brandId, list } = await params;
  const spec = dashboardList(list);
  if (!spec) return new Response("No such list", { status: 404 });
  let ctx;
  try {
    ctx = await staffContext(await getStaffSession(), brandId);
  } catch (err) {
    if (err instanceof DomainError && err.code === "UNAUTHENTICATED") return new Response("Sign in to export", { status: 401 });
    if (err instanceof DomainError && err.code === "NOT_FOUND") return new Response("Not found", { status: 404 });
    throw err;
  }
  const query = parseTableQuery(Object.fromEntries(req.nextUrl.searchParams), { sortKeys: spec.sortKeys, filters: spec.urlFilters });
  const body = csvStream(ctx, spec, query);
  const day = ctx.now().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${list}-${day}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
