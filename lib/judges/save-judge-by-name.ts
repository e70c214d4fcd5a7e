import { systemActor, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import type { JudgeConfigInput } from "./judge-config-schema";
import { createJudge, updateJudgeConfig } from "./save-judge";

/** Adds the judge, or gives the one of that name its next version when the config changed. */
export async function saveJudgeByName(db: Db, { projectId, name, environment, config, actor = systemActor }: { projectId: string; name: string; environment?: string | null; config: JudgeConfigInput; actor?: Actor }) {
  const existing = await db.judge.findUnique({ where: { projectId_name: { projectId, name } } });
  if (!existing) {
    const { judge, version } = await createJudge(db, { projectId, input: { name, environment, config }, actor });
    return { judgeId: judge.id, version: version.version, status: "created" as const };
  }
  const { version, isNew } = await updateJudgeConfig(db, { projectId, judgeId: existing.id, config, actor });
  return { judgeId: existing.id, version: version.version, status: isNew ? ("new version" as const) : ("unchanged" as const) };
}
