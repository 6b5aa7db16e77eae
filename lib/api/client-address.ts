import { config } from "../config";

/**
 * The client's address for per-address limits. A Next route handler never sees the socket: `next start`
 * puts the peer's address in X-Forwarded-For when the request has none, and keeps the client's own
 * header otherwise. So the last entry (the peer, or what the nearest proxy appended) is used, unless
 * TRUST_PROXY says a proxy in front sets the header: then its first entry, the original client.
 */
export function clientAddress(req: { headers: { get(name: string): string | null } }): string {
  return forwardedAddress(req.headers.get("x-forwarded-for"));
}

/** clientAddress from the X-Forwarded-For header alone (server actions read headers(), not a Request). */
export function forwardedAddress(forwardedFor: string | null): string {
  const hops = (forwardedFor ?? "").split(",");
  const hop = (config.trustProxy ? hops[0] : hops[hops.length - 1]).trim();
  // Bounded: the key is held in memory, and an address is at most 45 characters.
  return hop.slice(0, 64) || "unknown";
}
