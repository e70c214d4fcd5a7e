import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./build-openapi-document";

// What an integrator's tools make of the document: the OpenAPI Initiative's own schema for 3.1, and
// openapi-typescript (the most used TypeScript generator) with a client compiled against its types.
const document = buildOpenApiDocument({ version: "test" });
const dir = mkdtempSync(path.join(tmpdir(), "goodhart-openapi-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A client as an integrator writes one: the answers it reads are typed, a field no answer has is an error.
const client = `
import type { paths } from "./api";
type Answer<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends { responses: infer R }
  ? S extends keyof R ? (R[S] extends { content: { "application/json": infer J } } ? J : never) : never
  : never;
declare const run: Answer<"/runs", "post", 201>;
declare const reward: Answer<"/reward", "post", 200>;
declare const cases: Answer<"/edge-cases", "get", 200>;
declare const report: Answer<"/redteam/{id}", "get", 200>;
declare const refused: Answer<"/runs", "post", 400>;
export const runId: string = run.id;
export const rewards: Array<number | null> = reward.rewards;
export const traceIds: Array<string | null> = reward.traceIds;
export const total: number = cases.total;
export const status: string = report.status;
export const code: string = refused.error.code;
// @ts-expect-error: the run answer has no such field
export const missing = run.notAField;
// @ts-expect-error: rewards are numbers or null, not text
export const wrong: string[] = reward.rewards;
`;

function compile(files: Record<string, string>): string[] {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const program = ts.createProgram([path.join(dir, "client.ts")], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.basename(d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

describe("the OpenAPI document in integrators' tools", () => {
  it("is valid against the OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("generates TypeScript types with openapi-typescript that a client compiles against, reading typed answers", async () => {
    const types = astToString(await openapiTS(JSON.stringify(document)));
    expect(compile({ "api.ts": types, "client.ts": client })).toEqual([]);
  }, 60_000);
});
