import { openApiDocument } from "@/lib/api/openapi";

export const dynamic = "force-dynamic";

// The server URL is relative, so the document is right behind any proxy or host name.
export function GET() {
  return Response.json(openApiDocument("/api"));
}
