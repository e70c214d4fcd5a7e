// GET /api/v1/tasks/export?band=0.1,0.9&format=trl|verifiers: the tasks whose pass rate lies in the band, as JSONL a trainer's dataset loads.
import { withApiKey } from "@/lib/next/with-auth";
import { exportTasks } from "@/lib/tasks/export-tasks";
import { exportTasksQuerySchema, exportTasksResponse } from "@/lib/tasks/export-tasks-query";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (request, { db, key }) => {
  const query = exportTasksQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  return exportTasksResponse(exportTasks(db, { projectId: key.projectId, ...query }), query);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
