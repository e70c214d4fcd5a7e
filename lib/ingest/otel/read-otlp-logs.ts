import { z } from "zod";
import { formatIssuePath, formatZodError } from "../format-zod-error";
import { asString, omitKeys, type JsonObject } from "../../json/json-value";
import { genAiEventNames, type OtelLogEvent } from "../formats/otel-log-events";
import { decodeAnyValue, decodeAttributes, readNanos } from "../formats/otel-attributes";

export type OtelLogRecord = OtelLogEvent & { source: { resource: JsonObject; scope: JsonObject | null; logRecord: JsonObject } };

const logRecordSchema = z.looseObject({
  traceId: z.string().optional(),
  spanId: z.string().optional(),
  eventName: z.string().optional(),
  attributes: z.array(z.unknown()).optional(),
  body: z.unknown().optional(),
});

const requestSchema = z.looseObject({
  resourceLogs: z.array(
    z.looseObject({
      resource: z.looseObject({ attributes: z.array(z.unknown()).optional() }).optional(),
      scopeLogs: z.array(z.looseObject({ scope: z.record(z.string(), z.unknown()).optional(), logRecords: z.array(z.unknown()).default([]) })).optional(),
    }),
  ),
});

/**
 * Flattens an OTLP/JSON ExportLogsServiceRequest into GenAI events. A record that is not a GenAI
 * event (by its eventName or event.name attribute) or has no traceId is refused with where it was.
 */
export function readOtlpLogs(value: unknown): { ok: true; events: OtelLogRecord[]; errors: string[] } | { ok: false; error: string; path: string } {
  const request = requestSchema.safeParse(value);
  if (!request.success) return { ok: false, error: formatZodError(request.error), path: formatIssuePath(request.error.issues[0]?.path ?? []) };
  const events: OtelLogRecord[] = [];
  const errors: string[] = [];
  request.data.resourceLogs.forEach((resourceLogs, r) => {
    const resource = resourceLogs.resource ?? {};
    (resourceLogs.scopeLogs ?? []).forEach((scopeLogs, s) => {
      scopeLogs.logRecords.forEach((rawRecord, i) => {
        const at = `resourceLogs[${r}].scopeLogs[${s}].logRecords[${i}]`;
        const parsed = logRecordSchema.safeParse(rawRecord);
        if (!parsed.success) return errors.push(formatZodError(parsed.error, at));
        const record = parsed.data;
        const attributes = decodeAttributes(record.attributes);
        const name = record.eventName || asString(attributes["event.name"]) || "";
        if (!genAiEventNames.includes(name)) return errors.push(`${at}: not a GenAI event (event name ${JSON.stringify(name)}; expected one of ${genAiEventNames.join(", ")})`);
        if (!record.traceId) return errors.push(`${at}: ${name} has no traceId, so it cannot be joined to a trace`);
        const time = readNanos(record.timeUnixNano) ?? readNanos(record.observedTimeUnixNano);
        const body = decodeAnyValue(record.body);
        events.push({
          traceId: record.traceId,
          spanId: record.spanId || null,
          name,
          body,
          attributes,
          time: time === 0n ? null : time,
          raw: { ...omitKeys(record, ["attributes", "body"]), name, attributes, body },
          source: { resource, scope: scopeLogs.scope ?? null, logRecord: record },
        });
      });
    });
  });
  return { ok: true, events, errors };
}
