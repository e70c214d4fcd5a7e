// GET /api/v1/rubric-versions?environment=&status=draft|approved: the project's rubric versions.
// POST /api/v1/rubric-versions: imports a version's export JSON (GET /api/v1/rubric-versions/{id}) as a new draft, in the name of the key's creator.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { resolveApiReviewer } from "@/lib/review/resolve-api-reviewer";
import { exportRubricVersion } from "@/lib/rubrics/export-rubric-version";
import { importRubricVersion } from "@/lib/rubrics/import-rubric-version";
import { listRubricVersions } from "@/lib/rubrics/list-rubric-versions";
import type { ListRubricVersionsAnswer, RubricVersionExport } from "@/lib/rubrics/rubric-version-answer-schemas";
import { rubricVersionImportSchema, rubricVersionQuerySchema } from "@/lib/rubrics/rubric-version-schemas";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (request, { db, key }) => {
  const query = rubricVersionQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  return NextResponse.json({ rubricVersions: await listRubricVersions(db, { projectId: key.projectId, ...query }) } satisfies ListRubricVersionsAnswer);
});

export const POST = withApiKey(async (request, { db, key }) => {
  const exported = rubricVersionImportSchema.parse(await readJsonBody(request));
  const actor = await resolveApiReviewer(db, { apiKeyId: key.apiKeyId, projectId: key.projectId, keyName: key.name });
  const draft = await importRubricVersion(db, { projectId: key.projectId, exported, actor });
  return NextResponse.json((await exportRubricVersion(db, { projectId: key.projectId, rubricVersionId: draft.id })) satisfies RubricVersionExport, {
    status: 201,
  });
});

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET", "POST");
