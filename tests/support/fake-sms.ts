import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake SMS provider received. */
export interface SmsRequest {
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

/**
 * A local stand-in for a Twilio-compatible SMS and voice provider on 127.0.0.1: it records every
 * message and call, and can be told to refuse. `env` is what lib/adapters/sms.ts needs to reach it.
 */
export async function startFakeSmsProvider() {
  const requests: SmsRequest[] = [];
  let refuseWith: number | null = null;
  const hooks: { beforeAnswer?: () => Promise<void> } = {};
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", async () => {
      requests.push({ path: req.url ?? "", authorization: req.headers.authorization, form: Object.fromEntries(new URLSearchParams(body)) });
      await hooks.beforeAnswer?.().catch(() => {});
      if (refuseWith) {
        res.writeHead(refuseWith, { "content-type": "application/json" }).end(JSON.stringify({ message: "refused by the fake" }));
      } else {
        res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ sid: `SM${requests.length}`, status: "queued" }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/2010-04-01/Accounts/ACfake`;
  return {
    requests,
    /** Runs before each answer (a test looking at the database while we wait on the provider). */
    hooks,
    env: { SMS_API_URL: base, SMS_API_KEY: "ACfake:secret", SMS_FROM: "+15550000000" },
    /** Answers every later request with this HTTP status (null: accept again). */
    refuse(status: number | null) {
      refuseWith = status;
    },
    /** The 6-digit code the last text starts with (a brand's name may hold six digits too: it comes after). */
    lastTextedCode: () => /^(\d{6}) is your /.exec(requests.at(-1)!.form.Body)![1],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
