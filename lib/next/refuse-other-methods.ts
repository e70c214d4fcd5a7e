import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import type { ErrorBody } from "../http/error-answer";
import { allowHeader, methodNotAllowed } from "../http/method-not-allowed";

const routeMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof routeMethods)[number];
type Refusal = (request: NextRequest) => Response;
type Refusals<Taken extends RouteMethod> = Record<Exclude<RouteMethod, Taken>, Refusal> & { OPTIONS: () => Response };

/**
 * Handlers for the methods a route does not take, answering the API's JSON error with 405 and an Allow
 * header (Next.js answers them 405 with no body and no Allow), and OPTIONS with the methods it does take
 * (Next's own OPTIONS would list every exported handler, these refusals too). A route file exports them
 * beside its own: `export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET", "POST");`
 */
export function refuseOtherMethods<const Taken extends RouteMethod>(...taken: Taken[]): Refusals<Taken> {
  const takes = (method: RouteMethod) => (taken as RouteMethod[]).includes(method);
  const allow = allowHeader(taken);
  const refuse: Refusal = (request) => {
    const { status, body, headers } = methodNotAllowed(request.nextUrl.pathname, request.method, taken);
    return NextResponse.json<ErrorBody>(body, { status, headers });
  };
  const refusals = Object.fromEntries(routeMethods.filter((method) => !takes(method)).map((method) => [method, refuse]));
  return { ...refusals, OPTIONS: () => new Response(null, { status: 204, headers: { allow } }) } as Refusals<Taken>;
}
