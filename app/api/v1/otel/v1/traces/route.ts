// POST /api/v1/otel/v1/traces: an OTLP/HTTP JSON export of OpenTelemetry GenAI spans (protobuf is not read).
import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { ingestApiBody } from "@/lib/ingest/ingest-api-body";
import { MAX_API_BODY_BYTES } from "@/lib/ingest/limits";
import { readBodyLimited } from "@/lib/ingest/read-body-limited";
import { withApiKey } from "@/lib/next/with-auth";

export const POST = withApiKey(async (request, { db, key }) => {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("protobuf")) throw new AppError("bad_request", "Only OTLP/HTTP JSON is accepted; set the exporter's protocol to http/json");
  const bytes = await readBodyLimited(request, MAX_API_BODY_BYTES);
  const result = await ingestApiBody(db, { projectId: key.projectId, bytes, format: "otel" });
  // partialSuccess is OTLP's own answer (its span count is unknown here, so only the message); the counts are ours.
  const partialSuccess = result.rejected.length > 0 ? { errorMessage: result.rejected.map((r) => r.error).join("; ").slice(0, 2000) } : undefined;
  return NextResponse.json({ ...result, ...(partialSuccess ? { partialSuccess } : {}) });
});
