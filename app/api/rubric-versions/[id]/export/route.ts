// GET /api/rubric-versions/{id}/export: a rubric version as a JSON download, for signed-in members.
import { NextResponse } from "next/server";
import { withSession } from "@/lib/next/with-auth";
import { exportRubricVersion } from "@/lib/rubrics/export-rubric-version";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withSession(
  async (_request, { db, member, params }) => {
    const exported = await exportRubricVersion(db, { projectId: member.projectId, rubricVersionId: String(params.id) });
    const filename = `rubric-${exported.environment}-v${exported.version}.json`.replace(/[^\w.-]/g, "_");
    return NextResponse.json(exported, { headers: { "content-disposition": `attachment; filename="${filename}"` } });
  },
  { role: "viewer" },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
