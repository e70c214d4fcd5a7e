// POST /api/traces/import?name=FILE&format=F: the Import dialog's upload (the raw file as the body); queues a traces.import job.
import { NextResponse } from "next/server";
import { z } from "zod";
import { formatNames } from "@/lib/ingest/format-name";
import { MAX_UPLOAD_BYTES } from "@/lib/ingest/limits";
import { assertDeclaredLengthWithin } from "@/lib/http/read-body-limited";
import { startUploadImport } from "@/lib/ingest/start-upload-import";
import { withSession } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

const querySchema = z.object({ name: z.string().min(1).max(300), format: z.enum(formatNames).optional() });

export const POST = withSession(
  async (request, { db, member }) => {
    const search = request.nextUrl.searchParams;
    const { name, format } = querySchema.parse({ name: search.get("name") ?? undefined, format: search.get("format") || undefined });
    assertDeclaredLengthWithin(request, MAX_UPLOAD_BYTES, { advice: "import it with the CLI" });
    const started = await startUploadImport(db, { projectId: member.projectId, body: request.body, fileName: name, format });
    return NextResponse.json(started, { status: 202 });
  },
  { role: "reviewer", body: "raw" },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
