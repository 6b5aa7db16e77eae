import { config } from "../config";

/**
 * The client's address for per-address limits. A Next route handler never sees the socket, so the
 * server (scripts/serve.js) appends the connection's peer to X-Forwarded-For: its last entry is the
 * address the request came from, whatever the client wrote before it. With TRUST_PROXY, that peer
 * is our proxy, and the client is the entry the proxy wrote just before (whether it appends to the
 * header or replaces it); earlier entries are the client's own words and never trusted.
 */
export function clientAddress(req: { headers: { get(name: string): string | null } }): string {
  return forwardedAddress(req.headers.get("x-forwarded-for"));
}

/** clientAddress from the X-Forwarded-For header alone (server actions read headers(), not a Request). */
export function forwardedAddress(forwardedFor: string | null): string {
  const hops = (forwardedFor ?? "").split(",");
  const fromEnd = config.trustProxy && hops.length > 1 ? 2 : 1;
  const hop = hops[hops.length - fromEnd].trim();
  // Bounded: the key is held in memory, and an address is at most 45 characters.
  return hop.slice(0, 64) || "unknown";
}
