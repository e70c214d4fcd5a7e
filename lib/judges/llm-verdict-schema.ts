import { z } from "zod";

/** What an LLM judge must answer; anything else is a malformed reply, recorded as a verdict error. */
export const llmVerdictSchema = z.object({
  label: z.enum(["pass", "fail", "unsure"]),
  score: z.number().min(0).max(1),
  rationale: z.string(),
  issues: z.array(z.string()),
});
export type LlmVerdict = z.infer<typeof llmVerdictSchema>;

/** The same shape as JSON Schema, for response_format json_schema (strict) and Anthropic's tool input. */
export const llmVerdictJsonSchema = {
  type: "object",
  properties: {
    label: { type: "string", enum: ["pass", "fail", "unsure"] },
    score: { type: "number", minimum: 0, maximum: 1, description: "0 clearly failed, 1 clearly succeeded" },
    rationale: { type: "string", description: "why, in a few sentences" },
    issues: { type: "array", items: { type: "string" }, description: "short issue strings, empty when none" },
  },
  required: ["label", "score", "rationale", "issues"],
  additionalProperties: false,
} as const;

/** Parses a reply's JSON text (tolerating a ```json fence) against the schema; throws a readable message. */
export function parseLlmVerdict(value: unknown): LlmVerdict {
  return parseStructuredReply(value, llmVerdictSchema);
}

/** A reply (JSON text, or an already parsed tool input) checked against a schema. */
export function parseStructuredReply<T>(value: unknown, schema: z.ZodType<T>): T {
  let data = value;
  if (typeof value === "string") {
    const text = value.trim().replace(/^```(?:json)?\s*/i, "").replace(/\s*```$/, "");
    try {
      data = JSON.parse(text);
    } catch {
      // The reply's text is not repeated: an error must not carry what the endpoint answered.
      throw new MalformedReplyError(`reply is not JSON (${value.length} characters)`);
    }
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new MalformedReplyError(`reply does not match the schema: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"} ${i.message}`).join("; ")}`);
  return parsed.data;
}

export class MalformedReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MalformedReplyError";
  }
}
