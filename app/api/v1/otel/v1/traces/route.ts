// POST /api/v1/otel/v1/traces: OTLP/HTTP trace export (JSON or protobuf, gzip or not); spans of one trace merge across exports.
import { ingestOtlpTraces } from "@/lib/ingest/otel/ingest-otlp-export";
import { otlpRoute } from "@/lib/next/otlp-route";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = otlpRoute("traces", ({ db, key }, request) => ingestOtlpTraces(db, { projectId: key.projectId, request }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
