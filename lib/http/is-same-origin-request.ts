/**
 * Whether a state-changing request comes from the app's own pages: its Origin names this host
 * (the Host header, or the first X-Forwarded-Host behind a proxy, as Next.js compares for server
 * actions), or, without an Origin, the browser's Sec-Fetch-Site says same-origin. A request with
 * neither is refused too: browsers send one of them on every POST, so only a forged one lacks both.
 * Ports count: a page on another port of the same host is another origin.
 */
export function isSameOriginRequest(headers: Headers, requestUrl: string): boolean {
  const origin = headers.get("origin");
  if (origin && origin !== "null") {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return false;
    }
    return allowedHosts(headers, requestUrl).includes(originHost.toLowerCase());
  }
  return headers.get("sec-fetch-site") === "same-origin";
}

function allowedHosts(headers: Headers, requestUrl: string): string[] {
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const host = headers.get("host")?.trim();
  const own = new URL(requestUrl).host;
  return [forwarded, host, own].filter((h): h is string => Boolean(h)).map((h) => h.toLowerCase());
}

/** The media type of a Content-Type header without its parameters ("application/json"). */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}
