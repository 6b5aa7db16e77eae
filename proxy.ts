import { NextResponse, type NextRequest } from "next/server";

/** Tells dashboard pages which address was asked for, so sign-in can come back to it. */
export function proxy(req: NextRequest) {
  const headers = new Headers(req.headers);
  headers.set("x-dashboard-path", req.nextUrl.pathname + req.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ["/dashboard/:path*"] };
