// POST /api/v1/otel/v1/logs: OTLP/HTTP log export of GenAI events, joined to their traces' spans.
import { ingestOtlpLogs } from "@/lib/ingest/otel/ingest-otlp-export";
import { otlpRoute } from "@/lib/next/otlp-route";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = otlpRoute("logs", ({ db, key }, request) => ingestOtlpLogs(db, { projectId: key.projectId, request }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
