// POST /api/v1/otel/v1/metrics: OTLP metric exports are accepted and dropped (Goodhart keeps traces and GenAI log events),
// answered as an empty ExportMetricsServiceResponse so an SDK exporting all three signals to one endpoint logs no error.
import { NextResponse } from "next/server";
import { MAX_API_BODY_BYTES } from "@/lib/http/body-limits";
import { readBodyLimited } from "@/lib/http/read-body-limited";
import { withApiKey } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request) => {
  await readBodyLimited(request, MAX_API_BODY_BYTES);
  // An empty protobuf message is zero bytes; a JSON client reads {}.
  if (/^application\/(x-)?protobuf/i.test(request.headers.get("content-type") ?? "")) return new Response(new Uint8Array(0), { headers: { "content-type": "application/x-protobuf" } });
  return NextResponse.json({});
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
