// POST /api/judges/import: a judge verdict summary (tau2 judge_viewer) as the raw body; imports its verdicts, matched to their traces.
import { NextResponse } from "next/server";
import { importJudgeVerdicts } from "@/lib/judges/import-judge-verdicts";
import { readJsonBody } from "@/lib/next/read-json-body";
import { withSession } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

const maxBytes = 64 * 1024 * 1024;

export const POST = withSession(
  async (request, { db, member, actor }) => {
    const document = await readJsonBody(request, { maxBytes });
    const result = await importJudgeVerdicts(db, { projectId: member.projectId, document, actor });
    return NextResponse.json({ imported: result.imported, unchanged: result.unchanged, judges: result.judges.map((j) => j.name), unmatched: result.unmatched });
  },
  { role: "reviewer" },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");
