import { readdirSync } from "node:fs";
import path from "node:path";

// Route handlers take a NextRequest (a Request with nextUrl); callers pass one.
export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string> | undefined> }) => Promise<Response>;
/** One method of one route under app/api: `template` as on disk ("v1/runs/[id]/metrics"), `params` its dynamic segments. */
export type ApiRoute = { template: string; method: string; params: string[]; handler: RouteHandler };

const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const apiDir = path.resolve(import.meta.dirname, "../../../app/api");

/** The route folders under app/api (or its `under` folder), read from disk so a route added later is covered without being listed. */
export function listApiRouteTemplates(under = ""): string[] {
  return readdirSync(path.join(apiDir, under), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => path.posix.join(under, path.dirname(file).split(path.sep).join("/")))
    .sort();
}

/** Imports every route module under app/api/`under` and returns one entry per exported HTTP method. */
export async function loadApiRoutes(under = ""): Promise<ApiRoute[]> {
  const routes: ApiRoute[] = [];
  for (const template of listApiRouteTemplates(under)) {
    const module = (await import(/* @vite-ignore */ path.join(apiDir, template, "route.ts"))) as Partial<Record<string, RouteHandler>>;
    const params = [...template.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((match) => match[1] ?? "");
    for (const method of methods) {
      const handler = module[method];
      if (handler) routes.push({ template, method, params, handler });
    }
  }
  return routes;
}
