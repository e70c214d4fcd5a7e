// POST /api/v1/traces: a native batch {"traces": [...]} or a raw body in ?format=; answers accepted, duplicates, rejected.
import { NextResponse } from "next/server";
import { ingestApiBody, ingestQuerySchema } from "@/lib/ingest/ingest-api-body";
import { MAX_API_BODY_BYTES } from "@/lib/http/body-limits";
import { readBodyLimited } from "@/lib/http/read-body-limited";
import { withApiKey } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key }) => {
  const { format } = ingestQuerySchema.parse({ format: request.nextUrl.searchParams.get("format") ?? undefined });
  const bytes = await readBodyLimited(request, MAX_API_BODY_BYTES, { advice: "send the traces in several smaller batches" });
  return NextResponse.json(await ingestApiBody(db, { projectId: key.projectId, bytes, format }));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
