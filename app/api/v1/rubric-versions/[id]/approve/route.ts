// POST /api/v1/rubric-versions/{id}/approve {note?}: approves a draft in the name of the key's creator, who must be a reviewer or admin; answers the approved version's export JSON.
import { NextResponse, type NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { withApiKey } from "@/lib/next/with-auth";
import { resolveApiReviewer } from "@/lib/review/resolve-api-reviewer";
import { approveRubricVersion } from "@/lib/rubrics/approve-rubric-version";
import { exportRubricVersion } from "@/lib/rubrics/export-rubric-version";
import { approveRubricVersionBodySchema } from "@/lib/rubrics/rubric-version-schemas";

// A script may approve with no body at all; a body that is there must be JSON, or the note would be lost.
async function readOptionalJson(request: NextRequest): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("bad_request", "The body is not valid JSON");
  }
}

export const POST = withApiKey(async (request, { db, key, params }) => {
  const { note } = approveRubricVersionBodySchema.parse(await readOptionalJson(request));
  const actor = await resolveApiReviewer(db, { apiKeyId: key.apiKeyId, projectId: key.projectId, keyName: key.name });
  const rubricVersionId = String(params.id);
  await approveRubricVersion(db, { projectId: key.projectId, rubricVersionId, actor, note });
  return NextResponse.json(await exportRubricVersion(db, { projectId: key.projectId, rubricVersionId }));
});
