import { isIP } from "node:net";

/**
 * The client's address for one connection: the socket's peer, unless that peer is a proxy the
 * operator trusts (GOODHART_TRUSTED_PROXIES), in which case the X-Forwarded-For hop it appended is
 * believed, and so on leftwards while each hop is itself a trusted proxy. With no trusted proxy the
 * header is ignored entirely: a client cannot choose the address it is throttled under.
 */
export function resolveClientAddress({ socketAddress, forwardedFor, trustedProxies }: { socketAddress: string | undefined; forwardedFor: string | string[] | undefined; trustedProxies: readonly string[] }): string {
  let current = normalizeAddress(socketAddress ?? "");
  if (!current) return "unknown";
  const trusted = new Set(trustedProxies.map(normalizeAddress));
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  while (trusted.has(current) && hops.length > 0) {
    const next = normalizeAddress(hops.pop()!);
    if (!next) return current;
    current = next;
  }
  return current;
}

/** An IP address in one spelling ("::ffff:10.0.0.1" is 10.0.0.1); "" when it is not an address. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().replace(/^\[(.*)\]$/, "$1");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  const candidate = mapped ? mapped[1]! : trimmed;
  return isIP(candidate) ? candidate.toLowerCase() : "";
}
