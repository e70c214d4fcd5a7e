import type { FormatName } from "../format-name";
import type { FormatReader } from "./format-reader";
import { inspectReader } from "./inspect";
import { langfuseReader } from "./langfuse";
import { nativeReader } from "./native";
import { langsmithReader } from "./langsmith";
import { openaiReader } from "./openai";
import { openaiAgentsReader } from "./openai-agents";
import { otelReader } from "./otel";
import { phoenixReader } from "./phoenix";
import { tau2Reader } from "./tau2";
import { tauBenchReader } from "./tau-bench";
import { verifiersReader } from "./verifiers";

export const formatReaders: Record<FormatName, FormatReader> = {
  native: nativeReader,
  openai: openaiReader,
  otel: otelReader,
  "tau-bench": tauBenchReader,
  tau2: tau2Reader,
  langfuse: langfuseReader,
  verifiers: verifiersReader,
  inspect: inspectReader,
  "openai-agents": openaiAgentsReader,
  langsmith: langsmithReader,
  phoenix: phoenixReader,
};
