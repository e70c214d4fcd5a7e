// GET /api/v1/rubric-versions/{id}: a rubric version's export JSON, for trainers that pin a version.
import { NextResponse } from "next/server";
import { withApiKey } from "@/lib/next/with-auth";
import { exportRubricVersion } from "@/lib/rubrics/export-rubric-version";

export const GET = withApiKey(async (_request, { db, key, params }) => NextResponse.json(await exportRubricVersion(db, { projectId: key.projectId, rubricVersionId: String(params.id) })));
