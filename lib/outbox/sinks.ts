import type { Sink } from "./deliver";

/**
 * Event type -> sink. Exact types first, then prefixes ending in '/', e.g. "action_url/".
 * Email notifications and HTTP posts register here as they are built.
 */
const sinks = new Map<string, Sink>();

export function registerSink(typeOrPrefix: string, sink: Sink) {
  sinks.set(typeOrPrefix, sink);
}

export function sinkFor(type: string): Sink | undefined {
  const exact = sinks.get(type);
  if (exact) return exact;
  const slash = type.indexOf("/");
  return slash > 0 ? sinks.get(type.slice(0, slash + 1)) : undefined;
}
