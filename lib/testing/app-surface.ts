import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { roleSchema, type Role } from "../auth/roles";

/** How a route method or server action is reached, read from its source; null when it has no wrapper this reader knows. */
export type Access = { by: "session"; role: Role } | { by: "key"; role: Role } | null;
export type RouteMethod = { route: string; method: string; file: string; access: Access };
export type ServerActionEntry = { name: string; file: string; access: Access };

export const repoRoot = path.resolve(import.meta.dirname, "../..");
const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** The source of one export: from its `export` to the next top-level `export` (or the end of the file). */
function exportSegments(source: string): { names: string[]; text: string }[] {
  const starts = [...source.matchAll(/^export (?:const|async function|function) (?:\{([^}]*)\}|(\w+))/gm)];
  return starts.map((match, i) => {
    const names = match[1] ? match[1].split(",").map((n) => n.trim().split(/\s*:\s*/).pop()!) : [match[2]!];
    return { names, text: source.slice(match.index, starts[i + 1]?.index ?? source.length) };
  });
}

// withSession(handler, { role }) names the role after the handler, serverAction({ role }, run) before it.
// A key acts with the role of the member who created it: routes that call resolveApiReviewer need a reviewer's key.
function readAccess(text: string): Access {
  const roles = [...text.matchAll(/\brole: "(\w+)"/g)].map((match) => match[1]);
  // An unreadable role is taken as admin, so the matrix expects the strictest answer and fails loudly if the route is more open.
  const parse = (value: string | undefined) => roleSchema.catch("admin").parse(value);
  if (/\bwithSession\(/.test(text)) return { by: "session", role: parse(roles.at(-1)) };
  if (/\bserverAction\(/.test(text)) return { by: "session", role: parse(roles[0]) };
  if (/\b(withApiKey|otlpRoute)\(/.test(text)) return { by: "key", role: /\bresolveApiReviewer\(/.test(text) ? "reviewer" : "viewer" };
  return null;
}

/**
 * Every exported HTTP method of every route.ts under app/api, named like "POST v1/runs/[id]/metrics";
 * not the refusals of refuseOtherMethods (a 405 for a method the route does not take).
 */
export function listRouteMethods(): RouteMethod[] {
  const apiDir = path.join(repoRoot, "app/api");
  return walk(apiDir)
    .filter((file) => path.basename(file) === "route.ts")
    .sort()
    .flatMap((file) => {
      const route = path.relative(apiDir, path.dirname(file)).split(path.sep).join("/");
      return exportSegments(readFileSync(file, "utf8"))
        .filter(({ text }) => !/^export const \{[^}]*\}\s*=\s*refuseOtherMethods\(/.test(text))
        .flatMap(({ names, text }) => names.filter((name) => methods.includes(name)).map((method) => ({ route, method, file, access: readAccess(text) })));
    });
}

/** Every exported function of every "use server" module in app/, lib/ and components/. */
export function listServerActions(): ServerActionEntry[] {
  return ["app", "lib", "components"]
    .flatMap((dir) => walk(path.join(repoRoot, dir)))
    .filter((file) => /\.tsx?$/.test(file))
    .sort()
    .flatMap((file) => {
      const source = readFileSync(file, "utf8");
      if (!/^\s*["']use server["']/.test(source)) return [];
      return exportSegments(source)
        .filter(({ text }) => !/^export const \w+\s*=\s*["'`\d]/.test(text))
        .flatMap(({ names, text }) => names.map((name) => ({ name, file, access: readAccess(text) })));
    });
}
