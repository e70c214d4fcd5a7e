// GET /api/runs/chart?runs=ID[,ID]&metrics=A[,B]&from=&to=: bucketed series and events for the run charts (viewer).
import { NextResponse } from "next/server";
import { withSession } from "@/lib/next/with-auth";
import { loadRunChart } from "@/lib/runs/load-run-chart";
import { runChartQuerySchema } from "@/lib/runs/run-chart-query";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withSession(
  async (request, { db, member }) => {
    const query = runChartQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    return NextResponse.json(await loadRunChart(db, { projectId: member.projectId, query }));
  },
  { role: "viewer" },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
