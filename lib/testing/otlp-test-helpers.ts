import { OTLPTraceExporter as ProtoTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { OTLPTraceExporter as JsonTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { context, type Tracer } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { startOtlpCapture, type CapturedExport } from "./capture-otlp-export";

/** `environment`: configure the exporter only through OTEL_* variables (given the capture server's URL), as an app would. */
export type ExporterKind = { protocol: "http/protobuf" | "http/json"; gzip?: boolean; environment?: (baseUrl: string) => Record<string, string> };

/**
 * Runs `work` with a tracer whose spans go through the real OTLP exporter of `kind` and returns
 * each export exactly as it was sent (one per forceFlush the work asks for through `flush`).
 */
export async function captureTraceExports(kind: ExporterKind, work: (tracer: Tracer, flush: () => Promise<void>, provider: BasicTracerProvider) => Promise<void>): Promise<CapturedExport[]> {
  enableActiveContext();
  const capture = await startOtlpCapture();
  const options = kind.environment ? {} : { url: `${capture.url}/v1/traces`, headers: { authorization: "Bearer captured" }, ...(kind.gzip ? { compression: "gzip" as never } : {}) };
  const environment = kind.environment?.(capture.url) ?? {};
  const saved = Object.fromEntries(Object.keys(environment).map((name) => [name, process.env[name]]));
  Object.assign(process.env, environment);
  const exporter = kind.protocol === "http/protobuf" ? new ProtoTraceExporter(options) : new JsonTraceExporter(options);
  // The exporter read its settings when it was made.
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 60_000 })] });
  try {
    await work(provider.getTracer("goodhart-test"), () => provider.forceFlush(), provider);
    await provider.forceFlush();
  } finally {
    await provider.shutdown();
    await capture.close();
  }
  return capture.exports;
}

/** Child spans find their parent across awaits, as in an app that set up the Node SDK. */
export function enableActiveContext() {
  if (!contextEnabled) context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  contextEnabled = true;
}
let contextEnabled = false;

/**
 * The request that replays a captured export exactly as the exporter sent it, with `apiKey` (when
 * given) in place of its Authorization header: build a NextRequest from it for the route handler.
 */
export function replayRequest({ path, body, headers }: CapturedExport, apiKey: string | null): { url: string; init: { method: string; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> } } {
  const forwarded: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  for (const name of ["content-type", "content-encoding", ...(apiKey ? [] : ["authorization"])]) {
    const value = headers[name];
    if (typeof value === "string") forwarded[name] = value;
  }
  const url = `http://localhost${path.startsWith("/api/") ? path : `/api/v1/otel${path}`}`;
  return { url, init: { method: "POST", headers: forwarded, body: new Uint8Array(body) } };
}
