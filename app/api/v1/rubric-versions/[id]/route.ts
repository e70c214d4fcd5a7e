// GET /api/v1/rubric-versions/{id}: a rubric version's export JSON, for trainers that pin a version.
import { NextResponse } from "next/server";
import { withApiKey } from "@/lib/next/with-auth";
import { exportRubricVersion } from "@/lib/rubrics/export-rubric-version";
import type { RubricVersionExport } from "@/lib/rubrics/rubric-version-answer-schemas";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (_request, { db, key, params }) =>
  NextResponse.json((await exportRubricVersion(db, { projectId: key.projectId, rubricVersionId: String(params.id) })) satisfies RubricVersionExport),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
