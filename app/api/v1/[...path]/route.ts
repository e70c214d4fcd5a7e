// Any other path under /api/v1, with any method: the API's JSON 404 naming the path, where Next.js would answer its HTML page.
// No key: it says only that the route does not exist, as the public OpenAPI document does.
import type { NextRequest } from "next/server";
import { errorResponse } from "@/lib/next/error-response";

const noSuchRoute = async (request: NextRequest) =>
  errorResponse("not_found", `No route ${request.method} ${request.nextUrl.pathname}: the routes of /api/v1 are listed in /api/v1/openapi.json`, 404, [
    { path: request.nextUrl.pathname },
  ]);

export const GET = noSuchRoute;
export const POST = noSuchRoute;
export const PUT = noSuchRoute;
export const PATCH = noSuchRoute;
export const DELETE = noSuchRoute;
export const OPTIONS = noSuchRoute;
