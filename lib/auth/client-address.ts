/**
 * The client's address as the nearest proxy saw it: the last X-Forwarded-For hop (Next's server
 * fills the header from the socket when no proxy set it). Anything that is not an IP address is
 * reported as "unknown", so it never carries request text into keys or logs.
 */
export function clientAddress(headers: Headers): string {
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  const last = hops.at(-1) ?? "";
  return /^[0-9a-fA-F:.]{2,45}$/.test(last) ? last : "unknown";
}
