import { setImmediate as nextTurn } from "node:timers/promises";
import { z } from "zod";
import { formatIssuePath, formatZodError } from "../format-zod-error";
import { asString, isRecord, omitKeys, type JsonObject } from "../../json/json-value";
import { decodeAttributes, readNanos } from "./otel-attributes";

export type OtelSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  start: bigint | null;
  end: bigint | null;
  attributes: JsonObject;
  events: { name: string; attributes: JsonObject }[];
  isError: boolean;
  statusMessage: string | null;
  /** The span as stored in metadata: every field, attributes decoded, with its resource index and scope. */
  raw: JsonObject;
  /** The span as it arrived (OTLP/JSON), with its resource and scope, to keep and read again later. */
  source: { resource: JsonObject; scope: JsonObject | null; span: JsonObject };
};

const spanSchema = z.looseObject({
  traceId: z.string().min(1),
  spanId: z.string().min(1),
  parentSpanId: z.string().optional(),
  name: z.string().default(""),
  attributes: z.array(z.unknown()).optional(),
  events: z.array(z.unknown()).optional(),
  status: z.looseObject({ code: z.union([z.number(), z.string()]).optional(), message: z.string().optional() }).optional(),
});

const requestSchema = z.looseObject({
  resourceSpans: z.array(
    z.looseObject({
      resource: z.looseObject({ attributes: z.array(z.unknown()).optional() }).optional(),
      scopeSpans: z.array(z.looseObject({ scope: z.record(z.string(), z.unknown()).optional(), spans: z.array(z.unknown()).default([]) })).optional(),
    }),
  ),
});

type ReadSpans = { ok: true; spans: OtelSpan[]; resources: JsonObject[]; errors: string[] } | { ok: false; error: string; path: string };

/** Flattens an OTLP/JSON ExportTraceServiceRequest; a malformed span is an error, the others still read. */
export function readOtlpSpans(value: unknown): ReadSpans {
  const reader = spanReader(value);
  for (;;) {
    const next = reader.next();
    if (next.done) return next.value;
  }
}

/** readOtlpSpans with a turn of the event loop after every SPANS_PER_TURN spans, for a request read while the server answers others. */
export async function readOtlpSpansInTurns(value: unknown): Promise<ReadSpans> {
  const reader = spanReader(value);
  for (;;) {
    const next = reader.next();
    if (next.done) return next.value;
    await nextTurn();
  }
}

/** Spans read (or grouped) between turns of the event loop: about 20 ms of small GenAI spans on a busy core. */
export const SPANS_PER_TURN = 2_000;

/** Yields after every SPANS_PER_TURN spans, so a caller may let other work run; returns what was read. */
function* spanReader(value: unknown): Generator<void, ReadSpans> {
  const request = requestSchema.safeParse(value);
  if (!request.success) return { ok: false, error: formatZodError(request.error), path: formatIssuePath(request.error.issues[0]?.path ?? []) };
  const spans: OtelSpan[] = [];
  const errors: string[] = [];
  const resources: JsonObject[] = [];
  let read = 0;
  for (const [r, resourceSpans] of request.data.resourceSpans.entries()) {
    const resource = resourceSpans.resource ?? {};
    resources.push({ ...omitKeys(resource, ["attributes"]), attributes: decodeAttributes(resource.attributes) });
    for (const [s, scopeSpans] of (resourceSpans.scopeSpans ?? []).entries()) {
      const decodedScope = scopeSpans.scope ? { ...scopeSpans.scope, attributes: decodeAttributes(scopeSpans.scope.attributes) } : null;
      for (const [i, rawSpan] of scopeSpans.spans.entries()) {
        if (++read % SPANS_PER_TURN === 0) yield;
        const parsed = spanSchema.safeParse(rawSpan);
        if (!parsed.success) {
          errors.push(formatZodError(parsed.error, `resourceSpans[${r}].scopeSpans[${s}].spans[${i}]`));
          continue;
        }
        const source = { resource, scope: scopeSpans.scope ?? null, span: parsed.data };
        spans.push({ ...toSpan(parsed.data, r, decodedScope), source });
      }
    }
  }
  return { ok: true, spans, resources, errors };
}

function toSpan(span: z.infer<typeof spanSchema>, resourceIndex: number, scope: JsonObject | null): Omit<OtelSpan, "source"> {
  const attributes = decodeAttributes(span.attributes);
  const events = (span.events ?? []).filter(isRecord).map((event) => ({
    ...event,
    name: asString(event.name) ?? "",
    attributes: decodeAttributes(event.attributes),
  }));
  // Status code 2 is STATUS_CODE_ERROR; OTLP/JSON may also spell the enum name.
  const code = span.status?.code;
  return {
    traceId: span.traceId,
    spanId: span.spanId,
    parentSpanId: span.parentSpanId ? span.parentSpanId : null,
    name: span.name,
    start: readNanos(span.startTimeUnixNano),
    end: readNanos(span.endTimeUnixNano),
    attributes,
    events,
    isError: code === 2 || code === "STATUS_CODE_ERROR",
    statusMessage: span.status?.message ? span.status.message : null,
    raw: { ...span, attributes, events, resourceIndex, ...(scope ? { scope } : {}) },
  };
}
