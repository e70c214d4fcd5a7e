// POST /api/v1/edge-cases/{id}/decision {decision, note?}: decided in the name of the key's creator, who must be a reviewer or admin.
import { NextResponse } from "next/server";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withApiKey } from "@/lib/next/with-auth";
import { decideEdgeCases } from "@/lib/review/decide-edge-cases";
import { decideBodySchema } from "@/lib/review/edge-case-schemas";
import { resolveApiReviewer } from "@/lib/review/resolve-api-reviewer";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key, params }) => {
  const { decision, note } = decideBodySchema.parse(await readJsonBody(request));
  const reviewer = await resolveApiReviewer(db, { apiKeyId: key.apiKeyId, projectId: key.projectId, keyName: key.name });
  const [decided] = await decideEdgeCases(db, { projectId: key.projectId, ids: [String(params.id)], decision, note, reviewer, pathOf: () => "id" });
  return NextResponse.json(decided);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
