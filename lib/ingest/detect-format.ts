import { formatNames, type FormatName } from "./format-name";
import { sniffJson, type JsonSniff } from "./sniff-json";

/** How a format's file is read: streamed JSONL lines, one parsed JSON document, or a zip archive. */
export type ReadMode = "lines" | "document" | "zip";

export type Detection = { ok: true; format: FormatName; mode: ReadMode } | { ok: false; error: string };

const nativeKeys = ["externalId", "source", "environment", "task", "run", "input", "output", "outcome", "endState", "startedAt", "steps"];

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
      error: `could not tell the format from the content (top-level keys: ${sniff.keys.slice(0, 8).join(", ") || "none"}); pass a format, one of ${formatNames.join(", ")}`,
    };
  }
  return { ok: true, format: detected, mode: modeFor(detected, sniff, isZip) };
}

function formatFromKeys({ kind, keys }: JsonSniff, fileName: string, text: string): FormatName | null {
  const has = (key: string) => keys.includes(key);
  const name = fileName.split(/[\\/]/).pop() ?? "";
  if (kind === "array") {
    if (has("traj") || (has("task_id") && has("reward") && has("info"))) return "tau-bench";
    if (has("prompt") && (has("completion") || has("example_id"))) return "verifiers";
    if (has("messages") && !has("steps")) return "openai";
    return "native";
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
      return kind === "object" && isFirstValueOnFirstLine ? "lines" : "document";
  }
}

function headText(head: Uint8Array): string {
  return new TextDecoder("utf-8").decode(head.subarray(0, 16 * 1024));
}
