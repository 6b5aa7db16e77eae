import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { config } from "@/lib/config";

export const dynamic = "force-dynamic";

const handlers = serve({ client: inngest, functions });
type Handler = typeof handlers.GET;

/** Without a signing key (or a dev server) nothing sent here can be verified: 401, not the SDK's 500. */
const guarded =
  (handler: Handler): Handler =>
  (...args) =>
    config.inngestCanVerify ? handler(...args) : Promise.resolve(Response.json({ message: "Unauthorized: Inngest is not configured here" }, { status: 401 }));

export const GET = guarded(handlers.GET);
export const POST = guarded(handlers.POST);
export const PUT = guarded(handlers.PUT);
