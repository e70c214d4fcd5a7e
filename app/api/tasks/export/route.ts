// GET /api/tasks/export?band=&format=: the /tasks download button's export, for a signed-in member.
import { withSession } from "@/lib/next/with-auth";
import { exportTasks } from "@/lib/tasks/export-tasks";
import { exportTasksQuerySchema, exportTasksResponse } from "@/lib/tasks/export-tasks-query";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withSession(
  async (request, { db, member }) => {
    const query = exportTasksQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
    return exportTasksResponse(exportTasks(db, { projectId: member.projectId, ...query }), query);
  },
  { role: "viewer" },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
