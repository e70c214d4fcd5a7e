import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";

export async function findTrace(db: Db, { projectId, traceId }: { projectId: string; traceId: string }) {
  const trace = await db.trace.findFirst({ where: { id: traceId, projectId } });
  if (!trace) throw notFound("Trace");
  return trace;
}
