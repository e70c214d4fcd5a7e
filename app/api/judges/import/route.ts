// POST /api/judges/import: a judge verdict summary (tau2 judge_viewer) as the raw body; imports its verdicts, matched to their traces.
import { NextResponse } from "next/server";
import { readBodyLimited } from "@/lib/ingest/read-body-limited";
import { importVerdictsBody } from "@/lib/judges/import-verdicts-body";
import { withSession } from "@/lib/next/with-auth";

const maxBytes = 64 * 1024 * 1024;

export const POST = withSession(
  async (request, { db, member, actor }) => {
    const result = await importVerdictsBody(db, { projectId: member.projectId, bytes: await readBodyLimited(request, maxBytes), actor });
    return NextResponse.json({ imported: result.imported, unchanged: result.unchanged, judges: result.judges.map((j) => j.name), unmatched: result.unmatched });
  },
  { role: "reviewer" },
);
