// POST /api/runs/import?run=NAME&file=FILE: the /runs "Import metrics" upload (the raw file as the body), imported at once.
import { NextResponse } from "next/server";
import { z } from "zod";
import { MAX_API_BODY_BYTES } from "@/lib/http/body-limits";
import { readBodyLimited } from "@/lib/http/read-body-limited";
import { withSession } from "@/lib/next/with-auth";
import { importRunMetrics, MAX_UPLOADED_METRIC_POINTS } from "@/lib/runs/import-run-metrics";
import { registerRunSchema } from "@/lib/runs/run-intake-schemas";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

const querySchema = z.object({ run: registerRunSchema.shape.name, file: z.string().trim().min(1).max(300) });

export const POST = withSession(
  async (request, { db, member, actor }) => {
    const search = request.nextUrl.searchParams;
    const { run, file } = querySchema.parse({ run: search.get("run") ?? undefined, file: search.get("file") ?? undefined });
    const advice = "import larger files with `goodhart runs import FILE --run NAME`";
    const bytes = await readBodyLimited(request, MAX_API_BODY_BYTES, { advice });
    const result = await importRunMetrics(db, { projectId: member.projectId, actor, run: { name: run }, bytes, fileName: file, maxPoints: { count: MAX_UPLOADED_METRIC_POINTS, advice } });
    return NextResponse.json(
      { runId: result.runId, runName: result.runName, created: result.created, format: result.format, points: result.points, metrics: result.metrics, skipped: result.skipped, rejected: result.rejected },
      { status: result.created ? 201 : 200 },
    );
  },
  { role: "reviewer", body: "raw" },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
