/**
 * Text messages and voice calls (verification codes), behind a small interface so tests and other
 * providers can stand in. The HTTP implementation speaks the Twilio REST shape: form posts to
 * `${SMS_API_URL}/Messages.json` (To, From, Body) and `${SMS_API_URL}/Calls.json` (To, From, Twiml).
 */
export interface SmsSender {
  sendText(to: string, body: string): Promise<void>;
  placeCall(to: string, spokenText: string): Promise<void>;
}

export class SmsDeliveryError extends Error {}

/**
 * The configured provider, or null when SMS_API_URL, SMS_API_KEY or SMS_FROM is unset.
 * SMS_API_KEY is "user:secret" for HTTP Basic (Twilio: AccountSid:AuthToken), or a bearer token.
 */
export function smsSender(): SmsSender | null {
  const base = process.env.SMS_API_URL?.replace(/\/+$/, "");
  const key = process.env.SMS_API_KEY;
  const from = process.env.SMS_FROM;
  if (!base || !key || !from) return null;
  const authorization = key.includes(":") ? `Basic ${Buffer.from(key).toString("base64")}` : `Bearer ${key}`;
  const post = async (path: string, form: Record<string, string>) => {
    let res: Response;
    try {
      res = await fetch(`${base}/${path}`, {
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new SmsDeliveryError(`SMS provider unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) throw new SmsDeliveryError(`SMS provider answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  };
  return {
    sendText: (to, body) => post("Messages.json", { To: to, From: from, Body: body }),
    placeCall: (to, spokenText) => post("Calls.json", { To: to, From: from, Twiml: `<Response><Say>${escapeXml(spokenText)}</Say></Response>` }),
  };
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
