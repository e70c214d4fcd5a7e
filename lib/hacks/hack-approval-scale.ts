import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";

export type HackApprovalScale = {
  knownHackId: string;
  environment: string;
  /** The draft the hack's check goes into: the open one, or the one approval will start. */
  draft: { id: string | null; version: number; isNew: boolean; basedOnVersion: number | null };
  /** The environment's traces: what the rubric with the new check will score. */
  traces: number;
  examples: number;
};

/** What approving this hack touches (see approveKnownHack), shown before the approval commits. */
export async function hackApprovalScale(db: Db, { projectId, knownHackId }: { projectId: string; knownHackId: string }): Promise<HackApprovalScale> {
  const hack = await db.knownHack.findFirst({ where: { id: knownHackId, projectId }, select: { id: true, status: true, environment: true, _count: { select: { examples: true } } } });
  if (!hack) throw notFound("Known hack");
  if (hack.status !== "proposed") throw new AppError("conflict", `This hack is already ${hack.status}`);
  if (!hack.environment) throw new AppError("bad_request", "Give the hack an environment first: its item goes into that environment's rubric");
  const environment = hack.environment;
  const [rubric, traces] = await Promise.all([
    db.rubric.findUnique({
      where: { projectId_environment: { projectId, environment } },
      select: { versions: { orderBy: { version: "desc" }, select: { id: true, version: true, status: true } } },
    }),
    db.trace.count({ where: { projectId, environment } }),
  ]);
  const versions = rubric?.versions ?? [];
  const open = versions.find((v) => v.status === "draft");
  const approved = versions.find((v) => v.status === "approved");
  const draft = open ? { id: open.id, version: open.version, isNew: false, basedOnVersion: null } : { id: null, version: (versions[0]?.version ?? 0) + 1, isNew: true, basedOnVersion: approved?.version ?? null };
  return { knownHackId: hack.id, environment, draft, traces, examples: hack._count.examples };
}
