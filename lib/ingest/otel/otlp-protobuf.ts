import generated from "@opentelemetry/otlp-transformer/build/src/generated/root.js";
import protobuf from "protobufjs";

/**
 * OTLP protobuf through the protobufjs code that @opentelemetry/otlp-transformer 0.212 generated
 * from the official opentelemetry-proto files (its typings only say "a Root", so the few message
 * types used here are typed by hand). A decoded request is turned into the OTLP/JSON shape
 * (64-bit integers as decimal strings, trace and span ids as hex, other bytes as base64), so one
 * reader serves both encodings.
 */
type MessageType = {
  decode(bytes: Uint8Array): object;
  encode(message: object): { finish(): Uint8Array };
  toObject(message: object, options: protobuf.IConversionOptions): Record<string, unknown>;
};
type GeneratedRoot = {
  opentelemetry: {
    proto: {
      collector: {
        trace: { v1: { ExportTraceServiceRequest: MessageType; ExportTraceServiceResponse: MessageType } };
        logs: { v1: { ExportLogsServiceRequest: MessageType; ExportLogsServiceResponse: MessageType } };
      };
    };
  };
};

const root = generated as unknown as GeneratedRoot;
const { trace, logs } = root.opentelemetry.proto.collector;

export type OtlpSignal = "traces" | "logs";

const requestTypes: Record<OtlpSignal, MessageType> = { traces: trace.v1.ExportTraceServiceRequest, logs: logs.v1.ExportLogsServiceRequest };
const idKeys = new Set(["traceId", "spanId", "parentSpanId"]);

/** Decodes an ExportTraceServiceRequest or ExportLogsServiceRequest; throws on bytes that are not one. */
export function decodeOtlpProtobuf(signal: OtlpSignal, bytes: Uint8Array): unknown {
  const type = requestTypes[signal];
  const object = type.toObject(type.decode(bytes), { longs: String, bytes: String, enums: Number, defaults: false });
  return idsToHex(object);
}

/** OTLP/JSON writes trace and span ids as hex, protobuf's JSON mapping as base64: make them hex. */
function idsToHex(value: unknown, key?: string): unknown {
  if (typeof value === "string" && key && idKeys.has(key)) return Buffer.from(value, "base64").toString("hex");
  if (Array.isArray(value)) return value.map((item) => idsToHex(item));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, idsToHex(item, k)]));
}

export type PartialSuccess = { rejected: number; errorMessage: string } | null;

/** ExportTraceServiceResponse / ExportLogsServiceResponse, with partial_success when something was rejected. */
export function encodeOtlpResponse(signal: OtlpSignal, partial: PartialSuccess): Uint8Array {
  if (signal === "traces") {
    return trace.v1.ExportTraceServiceResponse.encode(partial ? { partialSuccess: { rejectedSpans: partial.rejected, errorMessage: partial.errorMessage } } : {}).finish();
  }
  return logs.v1.ExportLogsServiceResponse.encode(partial ? { partialSuccess: { rejectedLogRecords: partial.rejected, errorMessage: partial.errorMessage } } : {}).finish();
}

/** The same response in OTLP/JSON (int64 as a decimal string, as protobuf's JSON mapping writes it). */
export function otlpJsonResponse(signal: OtlpSignal, partial: PartialSuccess): Record<string, unknown> {
  if (!partial) return {};
  const count = signal === "traces" ? "rejectedSpans" : "rejectedLogRecords";
  return { partialSuccess: { [count]: String(partial.rejected), errorMessage: partial.errorMessage } };
}

/** Decodes an Export*ServiceResponse into its OTLP/JSON shape (for tests and clients of this module). */
export function decodeOtlpResponse(signal: OtlpSignal, bytes: Uint8Array): Record<string, unknown> {
  const type = signal === "traces" ? trace.v1.ExportTraceServiceResponse : logs.v1.ExportLogsServiceResponse;
  return type.toObject(type.decode(bytes), { longs: String, defaults: false });
}

// google.rpc.Status as google/rpc/status.proto defines it (details, a list of google.protobuf.Any, left empty).
const statusRoot = protobuf.Root.fromJSON({
  nested: {
    google: {
      nested: {
        protobuf: { nested: { Any: { fields: { type_url: { type: "string", id: 1 }, value: { type: "bytes", id: 2 } } } } },
        rpc: {
          nested: {
            Status: { fields: { code: { type: "int32", id: 1 }, message: { type: "string", id: 2 }, details: { rule: "repeated", type: "google.protobuf.Any", id: 3 } } },
          },
        },
      },
    },
  },
});
const statusType = statusRoot.lookupType("google.rpc.Status");

/** The body OTLP/HTTP gives a protobuf client with an error status: a google.rpc.Status message. */
export function encodeRpcStatus(code: number, message: string): Uint8Array {
  return statusType.encode(statusType.create({ code, message })).finish();
}

/** Decodes a google.rpc.Status (for tests and clients of this module). */
export function decodeRpcStatus(bytes: Uint8Array): { code: number; message: string } {
  const decoded = statusType.toObject(statusType.decode(bytes), { defaults: true });
  return { code: Number(decoded.code), message: String(decoded.message) };
}
