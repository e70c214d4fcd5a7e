import { z } from "zod";
import { traceSchema } from "../traces/trace-schema";

/**
 * JSON Schema (draft 2020-12) of one native trace as POST /api/v1/traces accepts it, for the README
 * and the API docs. "input" mode describes what callers may send: fields with defaults are optional.
 */
export function nativeTraceJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(traceSchema, { io: "input", unrepresentable: "any" });
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
