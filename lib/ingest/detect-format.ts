import { formatNames, type FormatName } from "./format-name";
import { sniffJson, type JsonSniff } from "./sniff-json";

/** How a format's file is read: streamed JSONL lines, one parsed JSON document, or a zip archive. */
export type ReadMode = "lines" | "document" | "zip";

export type Detection = { ok: true; format: FormatName; mode: ReadMode } | { ok: false; error: string };

const nativeKeys = ["externalId", "source", "environment", "task", "run", "input", "output", "outcome", "endState", "startedAt", "steps"];

/** What each format is known by, for the message when none matches. */
const signatures: Record<FormatName, string> = {
  native: `one of ${nativeKeys.join(", ")}, or traces`,
  openai: "messages",
  otel: "resourceSpans",
  "tau-bench": "traj, or task_id + reward + info",
  tau2: "simulations, or info + tasks",
  langfuse: "trace or observations",
  verifiers: "prompt + completion",
  inspect: "eval + samples",
  "openai-agents": '"object": "trace" / "trace.span" items, alone or in data',
  langsmith: "run_type + trace_id (runs)",
  phoenix: "context.span_id or context + span_kind (spans)",
};

/**
 * Tells the format of a file from its first bytes (and its name as a hint), or takes the forced
 * `format` and only decides how to read it. Content wins over the name: a file called
 * results.jsonl that holds OTLP spans is read as otel.
 */
export function detectFormat({ fileName, head, format }: { fileName?: string; head: Uint8Array; format?: FormatName }): Detection {
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  const sniff = sniffJson(new TextDecoder("utf-8").decode(head));
  if (format) return { ok: true, format, mode: modeFor(format, sniff, isZip) };
  if (isZip) {
    return /\.eval$/i.test(fileName ?? "") || !fileName
      ? { ok: true, format: "inspect", mode: "zip" }
      : { ok: false, error: "file is a zip archive; only Inspect .eval archives are read (name it .eval or pass format inspect)" };
  }
  if (sniff.kind === "empty") return { ok: false, error: "file is empty" };
  if (sniff.kind === "other") return { ok: false, error: "file is neither JSON nor JSON Lines (the first character is not '{' or '[')" };
  const detected = formatFromKeys(sniff, fileName ?? "", headText(head));
  if (!detected) {
    return {
      ok: false,
      error: `could not tell the format from the content (${sniff.kind === "array" ? "first element's keys" : "top-level keys"}: ${sniff.keys.slice(0, 8).join(", ") || "none"}); tried ${formatNames.map((name) => `${name} (${signatures[name]})`).join(", ")}; pass a format if it is one of these`,
    };
  }
  return { ok: true, format: detected, mode: modeFor(detected, sniff, isZip) };
}

function formatFromKeys({ kind, keys }: JsonSniff, fileName: string, text: string): FormatName | null {
  const has = (key: string) => keys.includes(key);
  const name = fileName.split(/[\\/]/).pop() ?? "";
  const spanFormat = spanFormatFromKeys(keys, text);
  if (spanFormat) return spanFormat;
  if (kind === "array") {
    if (has("traj") || (has("task_id") && has("reward") && has("info"))) return "tau-bench";
    if (has("prompt") && (has("completion") || has("example_id"))) return "verifiers";
    if (has("messages") && !has("steps")) return "openai";
    // An array of something else is not guessed to be native: it would read as empty traces.
    return keys.some((key) => nativeKeys.includes(key)) ? "native" : null;
  }
  if (has("resourceSpans")) return "otel";
  if (has("traces")) return "native";
  if (has("eval") && (has("version") || has("samples"))) return "inspect";
  if (has("simulations") || (has("info") && (has("tasks") || /"(agent_info|user_info|environment_info)"\s*:/.test(text)))) return "tau2";
  if (has("observations") || (has("trace") && !has("steps"))) return "langfuse";
  if (has("prompt") && (has("completion") || has("example_id") || has("reward"))) return "verifiers";
  if (has("messages") && !has("steps")) return "openai";
  if (keys.some((key) => nativeKeys.includes(key))) return "native";
  if (/^results\.jsonl$/i.test(name)) return "verifiers";
  if (/\.trace\.json$/i.test(name)) return "langfuse";
  return null;
}

/** Span and run exports: OpenAI Agents SDK trace items, LangSmith runs, Phoenix spans. */
function spanFormatFromKeys(keys: string[], text: string): FormatName | null {
  const has = (key: string) => keys.includes(key);
  if ((has("object") || has("data")) && /"object"\s*:\s*"trace(\.span)?"/.test(text)) return "openai-agents";
  if (has("span_data") && has("trace_id")) return "openai-agents";
  if (has("run_type") && (has("trace_id") || has("inputs") || has("dotted_order"))) return "langsmith";
  if (has("context.span_id") || has("context.trace_id") || (has("context") && has("span_kind"))) return "phoenix";
  if (has("data") && /"span_kind"\s*:/.test(text) && /"context"\s*:/.test(text)) return "phoenix";
  return null;
}

function modeFor(format: FormatName, { kind, isFirstValueOnFirstLine }: JsonSniff, isZip: boolean): ReadMode {
  switch (format) {
    case "inspect":
      return isZip ? "zip" : "document";
    case "tau-bench":
    case "tau2":
    case "langfuse":
      return "document";
    case "openai":
    case "verifiers":
      return kind === "array" ? "document" : "lines";
    case "native":
    case "otel":
    case "openai-agents":
    case "langsmith":
    case "phoenix":
      return kind === "object" && isFirstValueOnFirstLine ? "lines" : "document";
  }
}

function headText(head: Uint8Array): string {
  return new TextDecoder("utf-8").decode(head.subarray(0, 16 * 1024));
}
