// Runs before every page request: a per-request CSP nonce for pages, and server actions from another
// origin refused with 403 (Next.js itself answers those with a 500). Never for /api: Next buffers a
// copy of the body of every request the proxy sees, cut at 10 MiB, and holds the route until the
// whole body has arrived, so a 20 MiB document reached its route cut short (and reported as bad
// JSON) and a declared 1 TiB body was never answered. API answers get their CSP from next.config.js.
import { NextResponse, type NextRequest } from "next/server";
import { createNonce, pageContentSecurityPolicy, resourceContentSecurityPolicy } from "@/lib/http/content-security-policy";
import { isSameOriginRequest } from "@/lib/http/is-same-origin-request";
import { returnPathHeader } from "@/lib/auth/safe-return-path";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export function proxy(request: NextRequest) {
  // Any POST to a page is a server action (form or fetch); /api routes check their own callers.
  if (!safeMethods.has(request.method) && !isSameOriginRequest(request.headers, request.url)) {
    return NextResponse.json(
      { error: { code: "forbidden", message: "Cross-origin request refused: server actions run only from the app's own pages", details: [] } },
      { status: 403, headers: { "content-security-policy": resourceContentSecurityPolicy } },
    );
  }
  const policy = pageContentSecurityPolicy({ nonce: createNonce(), isDevelopment: process.env.NODE_ENV === "development" });
  // Next.js reads the nonce from the request's CSP header while rendering and adds it to its scripts.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  // The page asked for, so a sign-in redirect can come back to it (set here, never taken from the client).
  requestHeaders.set(returnPathHeader, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico|favicon.svg).*)"],
};
