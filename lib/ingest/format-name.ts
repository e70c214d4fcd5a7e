export const formatNames = [
  "native",
  "openai",
  "otel",
  "tau-bench",
  "tau2",
  "langfuse",
  "verifiers",
  "inspect",
  "openai-agents",
  "langsmith",
  "phoenix",
] as const;

export type FormatName = (typeof formatNames)[number];

export function isFormatName(value: unknown): value is FormatName {
  return typeof value === "string" && (formatNames as readonly string[]).includes(value);
}
