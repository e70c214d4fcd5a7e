// GET /api/v1/schema/trace: the JSON Schema of one native trace (POST /api/v1/traces takes {"traces": [trace, ...]}).
// No auth: it is the public description of the request format, holds no project data, and tools
// (editors, CI validators) fetch it before anyone has a key.
import { NextResponse } from "next/server";
import { nativeTraceJsonSchema } from "@/lib/ingest/native-json-schema";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export function GET() {
  return NextResponse.json(nativeTraceJsonSchema(), { headers: { "content-type": "application/schema+json", "cache-control": "public, max-age=3600" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
