import { headers } from "next/headers";
import { forwardedAddress } from "@/lib/api/client-address";

/** The client's address for this request, read as the API reads it (the audit trail's "from where"). */
export async function requestAddress(): Promise<string> {
  return forwardedAddress((await headers()).get("x-forwarded-for"));
}
