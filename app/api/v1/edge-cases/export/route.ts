// GET /api/v1/edge-cases/export: the project's decided cases as JSONL, one decision a line.
import { withApiKey } from "@/lib/next/with-auth";
import { exportDecisions } from "@/lib/review/export-decisions";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (_request, { db, key }) => {
  const lines = exportDecisions(db, { projectId: key.projectId });
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await lines.next();
      if (done) controller.close();
      else controller.enqueue(new TextEncoder().encode(value));
    },
  });
  return new Response(body, { headers: { "content-type": "application/x-ndjson; charset=utf-8", "content-disposition": 'attachment; filename="decisions.jsonl"' } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
