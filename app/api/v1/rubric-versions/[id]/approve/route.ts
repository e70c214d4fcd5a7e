// POST /api/v1/rubric-versions/{id}/approve {note?}: approves a draft in the name of the key's creator, who must be a reviewer or admin; answers the approved version's export JSON.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { resolveApiReviewer } from "@/lib/review/resolve-api-reviewer";
import { approveRubricVersion } from "@/lib/rubrics/approve-rubric-version";
import { exportRubricVersion } from "@/lib/rubrics/export-rubric-version";
import type { RubricVersionExport } from "@/lib/rubrics/rubric-version-answer-schemas";
import { approveRubricVersionBodySchema } from "@/lib/rubrics/rubric-version-schemas";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key, params }) => {
  const { note } = approveRubricVersionBodySchema.parse(await readJsonBody(request, { emptyAs: {} }));
  const actor = await resolveApiReviewer(db, { apiKeyId: key.apiKeyId, projectId: key.projectId, keyName: key.name });
  const rubricVersionId = String(params.id);
  await approveRubricVersion(db, { projectId: key.projectId, rubricVersionId, actor, note });
  return NextResponse.json((await exportRubricVersion(db, { projectId: key.projectId, rubricVersionId })) satisfies RubricVersionExport);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
