import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return Response.json(openApiDocument(`${new URL(req.url).origin}/api`));
}
