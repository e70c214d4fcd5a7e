import { z } from "zod";
import { nativeTraceInputSchema } from "./native-trace-input";

/**
 * JSON Schema (draft 2020-12) of one native trace as POST /api/v1/traces accepts it (served at
 * GET /api/v1/schema/trace, described in docs/traces.md), generated from the zod schema the importer
 * checks with. "input" mode describes what callers may send: fields with defaults are optional.
 */
export function nativeTraceJsonSchema(): Record<string, unknown> {
  return { ...z.toJSONSchema(nativeTraceInputSchema, { io: "input", unrepresentable: "any" }), title: "Goodhart native trace" };
}

/** The batch body: `{"traces": [trace, ...]}`. */
export function nativeBatchJsonSchema(): Record<string, unknown> {
  const { $schema, ...trace } = nativeTraceJsonSchema();
  return {
    $schema,
    type: "object",
    properties: { traces: { type: "array", items: trace } },
    required: ["traces"],
    additionalProperties: false,
  };
}
