// GET /api/runs/{id}/rollouts?from=&to=: the run's rollouts in a step window with reward and rubric answers (viewer).
import { NextResponse } from "next/server";
import { withSession } from "@/lib/next/with-auth";
import { listRunRollouts } from "@/lib/runs/list-run-rollouts";
import { runRolloutsQuerySchema } from "@/lib/runs/run-chart-query";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withSession(
  async (request, { db, member, params }) => {
    const query = runRolloutsQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    return NextResponse.json(await listRunRollouts(db, { projectId: member.projectId, runId: String(params.id), ...query }));
  },
  { role: "viewer" },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
