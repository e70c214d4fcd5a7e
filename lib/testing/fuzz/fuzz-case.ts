import { gzipSync } from "node:zlib";
import { formatNames } from "../../ingest/format-name";
import { pick, randomInt, type Rng } from "../../random/prng";
import type { ApiRoute } from "./api-routes";
import { hostileString } from "./hostile-values";
import { mutateBytes } from "./mutate-bytes";
import { mutateJson, shrinkArrays } from "./mutate-json";

/** What a case is built from: the project's key and real ids, another project's, a valid body per route, the dataset files. */
export type FuzzWorld = {
  origin: string;
  key: string;
  otherKey: string;
  otherSlug: string;
  ids: string[];
  otherIds: string[];
  exampleBody: (route: ApiRoute, unique: string) => unknown;
  /** `format`: what POST /api/v1/traces reads the file as, when it is a trace file. */
  datasets: { name: string; bytes: Uint8Array; json?: unknown; format?: string }[];
};

export type FuzzCase = {
  route: ApiRoute;
  url: string;
  params: Record<string, string>;
  headers: Record<string, string>;
  body?: Uint8Array;
  /** How the case was made, for the failure report. */
  label: string[];
};

const encoder = new TextEncoder();

const contentTypes = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/x-protobuf",
  "application/protobuf",
  "application/json; charset=utf-16",
  "application/json;;;",
  "application/xml",
  "*/*",
  "",
];
const contentEncodings = ["gzip", "deflate", "br", "identity", "gzip, gzip", "x-unknown", ""];
const queryNames = ["status", "environment", "format", "band", "limit", "offset", "rubricVersionId", "onError", "kind", "rule", "run", "assignee", "project"];
const notJson = [
  "",
  "   \n\t ",
  "a=1&b=2",
  "<?xml version='1.0'?><traces/>",
  "id,score\n1,0.5\n",
  "--x\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n{}\r\n--x--\r\n",
  "undefined",
  "NaN",
  "'single quoted'",
  "{'a': 1}",
  "[1, 2, 3,]",
  '{"a": 1} {"b": 2}',
  "\u0000\u0000\u0000",
];

/** One request: a route, ids that may not be ids, hostile query and headers, and a body that may not be JSON. */
export function makeFuzzCase(rng: Rng, routes: readonly ApiRoute[], world: FuzzWorld, index: number): FuzzCase {
  const route = pickRoute(rng, routes);
  const label = [`${route.method} ${route.template}`];
  const params = Object.fromEntries(route.params.map((name) => [name, pickId(rng, world, label)]));
  const pathname = route.template.replace(/\[([^\]]+)\]/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const headers = makeHeaders(rng, world, label);
  const unique = `fuzz-${index}`;
  const made = route.method === "GET" ? undefined : makeBody(rng, route, world, unique, headers, label);
  const body = made?.bytes;
  const query = makeQuery(rng, route, made?.format, label);
  if (body && rng() < 0.15) lieAboutLength(rng, body, headers, label);
  return { route, url: `${world.origin}/api/${pathname}${query}`, params, headers, body, label };
}

// The ingest routes read whole files in many formats: they get more of the cases.
const routeWeights: Record<string, number> = { "v1/traces": 6, "v1/otel/v1/traces": 2, "v1/otel/v1/logs": 2, "v1/reward": 2 };

function pickRoute(rng: Rng, routes: readonly ApiRoute[]): ApiRoute {
  const weights = routes.map((route) => routeWeights[route.template] ?? 1);
  let left = rng() * weights.reduce((sum, weight) => sum + weight, 0);
  for (const [index, route] of routes.entries()) {
    left -= weights[index]!;
    if (left < 0) return route;
  }
  return routes[routes.length - 1]!;
}

function pickId(rng: Rng, world: FuzzWorld, label: string[]): string {
  const roll = rng();
  const id = roll < 0.45 ? pick(rng, world.ids) : roll < 0.6 ? pick(rng, world.otherIds) : hostileString(rng);
  label.push(`id=${JSON.stringify(id.slice(0, 40))}${roll >= 0.45 && roll < 0.6 ? " (other project's)" : ""}`);
  // A URL carries UTF-8: a lone surrogate arrives as U+FFFD.
  return Buffer.from(id, "utf8").toString("utf8");
}

function makeQuery(rng: Rng, route: ApiRoute, bodyFormat: string | undefined, label: string[]): string {
  const search = new URLSearchParams();
  // A dataset file mostly goes with its own format, so its records reach the importer.
  if (route.template === "v1/traces" && bodyFormat && rng() < 0.8) search.set("format", bodyFormat);
  else if (route.template === "v1/traces" && rng() < 0.3) search.set("format", pick(rng, formatNames));
  if (route.template === "v1/reward/openrlhf" && rng() < 0.7) search.set("environment", "lab");
  if (rng() < 0.35) {
    for (let count = randomInt(rng, 1, 3); count > 0; count--) search.set(pick(rng, queryNames), rng() < 0.5 ? hostileString(rng) : pick(rng, ["open", "lab", "approved", "10", "0.1,0.9", "trl", "mask"]));
  }
  const query = search.toString();
  if (query) label.push(`query=${query.slice(0, 120)}`);
  return query ? `?${query}` : "";
}

function makeHeaders(rng: Rng, world: FuzzWorld, label: string[]): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const authRoll = rng();
  if (authRoll < 0.78) headers.authorization = `Bearer ${world.key}`;
  else if (authRoll < 0.84) {
    headers.authorization = `Bearer ${world.otherKey}`;
    label.push("other project's key");
  } else {
    const bad = pick(rng, ["", "Bearer", "Bearer ", `bearer  ${world.key}`, `Basic ${world.key}`, `Bearer ${world.key}x`, `Bearer ${world.key} extra`, `Token ${world.key}`, `Bearer ${hostileString(rng)}`]);
    if (bad) headers.authorization = asHeaderValue(bad);
    label.push(`authorization=${JSON.stringify(bad.slice(0, 40))}`);
  }
  if (rng() < 0.25) {
    const type = pick(rng, contentTypes);
    if (type) headers["content-type"] = type;
    else delete headers["content-type"];
    label.push(`content-type=${type || "(none)"}`);
  }
  if (rng() < 0.05) {
    headers["x-goodhart-project"] = rng() < 0.5 ? world.otherSlug : asHeaderValue(hostileString(rng));
    label.push("x-goodhart-project");
  }
  if (rng() < 0.08) {
    headers["x-goodhart-run"] = asHeaderValue(hostileString(rng));
    headers["x-goodhart-step"] = asHeaderValue(pick(rng, ["-1", "1.5", "1e999", "abc", "99999999999999999999", hostileString(rng)]));
    label.push("x-goodhart-run/step");
  }
  return headers;
}

function makeBody(rng: Rng, route: ApiRoute, world: FuzzWorld, unique: string, headers: Record<string, string>, label: string[]): { bytes: Uint8Array; format?: string } {
  const example = world.exampleBody(route, unique);
  // A trace batch gets the dataset files more often than the other routes do.
  const roll = route.template === "v1/traces" && rng() < 0.35 ? 1 : rng();
  let body: Uint8Array;
  let format: string | undefined;
  if (roll < 0.15) {
    label.push("body: valid example");
    body = encoder.encode(JSON.stringify(example));
  } else if (roll < 0.25) {
    body = encoder.encode(JSON.stringify(withIdField(rng, example, world, label)));
  } else if (roll < 0.5) {
    label.push("body: example, JSON mutated");
    body = encoder.encode(JSON.stringify(mutateJson(rng, example)) ?? "");
  } else if (roll < 0.65) {
    label.push("body: example, bytes mutated");
    body = mutateBytes(rng, encoder.encode(JSON.stringify(example)));
  } else if (roll < 0.75) {
    const text = pick(rng, notJson);
    label.push(`body: not JSON ${JSON.stringify(text.slice(0, 30))}`);
    body = encoder.encode(text);
  } else {
    const file = pick(rng, world.datasets);
    format = file.format;
    body = datasetBody(rng, file, label);
  }
  if (rng() < 0.12) {
    const encoding = pick(rng, contentEncodings);
    headers["content-encoding"] = encoding;
    const compress = encoding.startsWith("gzip") && rng() < 0.6;
    if (compress) body = gzipSync(body);
    label.push(`content-encoding=${encoding}${compress ? " (gzipped)" : ""}`);
  }
  return { bytes: body, format };
}

// Body fields that name objects: given an id of this project, of the other one, or none at all.
const idFields = ["rubricVersionId", "runId", "taskId", "traceId", "edgeCaseId", "judgeIds", "taskIds", "ids"];

function withIdField(rng: Rng, example: unknown, world: FuzzWorld, label: string[]): unknown {
  const field = pick(rng, idFields);
  const isOthers = rng() < 0.5;
  const id = pick(rng, isOthers ? world.otherIds : world.ids);
  label.push(`body: example with ${field} = ${isOthers ? "the other project's" : "this project's"} ${id}`);
  const record = example && typeof example === "object" && !Array.isArray(example) ? example : {};
  return { ...record, [field]: field.endsWith("s") ? [id] : id };
}

function datasetBody(rng: Rng, file: FuzzWorld["datasets"][number], label: string[]): Uint8Array {
  // Now and then a trace file whole, as a user would send it: hundreds of records in one batch.
  if (file.format && rng() < 0.1) {
    label.push(`body: dataset ${file.name}, whole`);
    return file.bytes;
  }
  if (file.json !== undefined && rng() < 0.8) {
    const shrunk = shrinkArrays(rng, file.json, randomInt(rng, 1, 4));
    const mutated = rng() < 0.6 ? mutateJson(rng, shrunk) : shrunk;
    label.push(`body: dataset ${file.name}, arrays shrunk${mutated === shrunk ? "" : ", JSON mutated"}`);
    return encoder.encode(JSON.stringify(mutated) ?? "");
  }
  // Whole files are large: a prefix keeps the case fast and is itself a truncation.
  const prefix = file.bytes.subarray(0, randomInt(rng, 0, Math.min(file.bytes.length, 256 * 1024)));
  label.push(`body: dataset ${file.name}, first ${prefix.length} bytes, bytes mutated`);
  return mutateBytes(rng, prefix);
}

function lieAboutLength(rng: Rng, body: Uint8Array, headers: Record<string, string>, label: string[]) {
  const lie = pick(rng, [String(Math.max(0, body.length - randomInt(rng, 1, 100))), String(body.length + randomInt(rng, 1, 100_000)), "0", "-1", "abc", "1e3", " 12 ", "18446744073709551616"]);
  headers["content-length"] = lie;
  label.push(`content-length=${lie} (body ${body.length})`);
}

/** Header values must be Latin-1 without CR or LF; anything else is refused by fetch's Headers before the route sees it. */
function asHeaderValue(value: string): string {
  return value.replace(/[^\x20-\x7e\x80-\xff]/g, "?").trim();
}
