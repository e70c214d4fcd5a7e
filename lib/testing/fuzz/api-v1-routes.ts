import { readdirSync } from "node:fs";
import path from "node:path";
import type { NextRequest } from "next/server";

export type RouteHandler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** One method of one route under app/api/v1: `template` as on disk ("runs/[id]/metrics"), `params` its dynamic segments. */
export type ApiRoute = { template: string; method: string; params: string[]; handler: RouteHandler };

const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const apiV1Dir = path.resolve(import.meta.dirname, "../../../app/api/v1");

/** The route folders under app/api/v1, read from disk so a route added later is fuzzed without being listed. */
export function listApiV1Templates(): string[] {
  return readdirSync(apiV1Dir, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => path.dirname(file).split(path.sep).join("/"))
    .sort();
}

/** Imports every route module and returns one entry per exported HTTP method. */
export async function loadApiV1Routes(): Promise<ApiRoute[]> {
  const routes: ApiRoute[] = [];
  for (const template of listApiV1Templates()) {
    const module = (await import(/* @vite-ignore */ path.join(apiV1Dir, template, "route.ts"))) as Partial<Record<string, RouteHandler>>;
    const params = [...template.matchAll(/\[([^\]]+)\]/g)].map((match) => match[1] ?? "");
    for (const method of methods) {
      const handler = module[method];
      if (handler) routes.push({ template, method, params, handler });
    }
  }
  return routes;
}
