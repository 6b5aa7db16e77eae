import { dispatch, type RouteParams } from "@/lib/api/dispatch";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** The only API route: every Resource/Action is looked up in the endpoint table. */
async function handle(req: Request, { params }: { params: Promise<RouteParams> }) {
  return dispatch(req, await params);
}

export { handle as GET, handle as POST, handle as PATCH, handle as PUT, handle as DELETE, handle as HEAD, handle as OPTIONS };
