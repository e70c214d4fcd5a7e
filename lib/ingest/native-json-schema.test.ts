import { describe, expect, it } from "vitest";
import { nativeBatchJsonSchema, nativeTraceJsonSchema } from "./native-json-schema";

describe("nativeTraceJsonSchema", () => {
  it("describes the trace fields, the step roles and what is required", () => {
    const schema = nativeTraceJsonSchema() as {
      type: string;
      properties: Record<string, { type?: string; items?: { properties: Record<string, { enum?: string[] }>; required?: string[] } }>;
      required?: string[];
    };
    expect(schema.type).toBe("object");
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(["externalId", "source", "outcome", "steps", "metadata"]));
    expect(schema.required ?? []).toEqual([]);
    expect(schema.properties.steps?.items?.properties.role?.enum).toEqual(["system", "user", "assistant", "tool"]);
    expect(schema.properties.steps?.items?.required).toEqual(["role"]);
    expect(nativeBatchJsonSchema()).toMatchObject({ required: ["traces"], properties: { traces: { type: "array" } } });
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });
});
