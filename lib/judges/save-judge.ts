import { recordAuditEvent, systemActor, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import { canonicalJson } from "../traces/hash-trace";
import { judgeConfigSchema, type JudgeConfig, type JudgeConfigInput } from "./judge-config-schema";
import { assertJudgeEndpointAllowed } from "./judge-endpoint-policy";
import { cotAsLlmConfig } from "./judge-reasoning";

export type SaveJudgeInput = { name: string; environment?: string | null; config: JudgeConfigInput };

/** A new judge with version 1 of its config. */
export async function createJudge(db: Db, { projectId, input, actor = systemActor }: { projectId: string; input: SaveJudgeInput; actor?: Actor }) {
  const config = await parseJudgeConfig(db, { projectId, input: input.config });
  const existing = await db.judge.findUnique({ where: { projectId_name: { projectId, name: input.name } } });
  if (existing) throw new AppError("conflict", `A judge named "${input.name}" already exists`);
  return db.$transaction(async (tx) => {
    const judge = await tx.judge.create({
      data: { projectId, name: input.name, kind: config.kind, environment: input.environment ?? null, versions: { create: { version: 1, config } } },
      include: { versions: true },
    });
    await recordAuditEvent(tx, { projectId, actor, action: "judge.created", subjectType: "judge", subjectId: judge.id, details: { name: judge.name, kind: judge.kind } });
    return { judge, version: judge.versions[0]! };
  });
}

/**
 * A changed config becomes the judge's next version (earlier versions and their verdicts stay);
 * an unchanged one returns the current version.
 */
export async function updateJudgeConfig(db: Db, { projectId, judgeId, config: input, actor = systemActor }: { projectId: string; judgeId: string; config: JudgeConfigInput; actor?: Actor }) {
  const config = await parseJudgeConfig(db, { projectId, input });
  const judge = await db.judge.findFirst({ where: { id: judgeId, projectId }, include: { versions: { orderBy: { version: "desc" }, take: 1 } } });
  if (!judge) throw notFound("Judge");
  if (config.kind !== judge.kind) throw new AppError("bad_request", `Judge "${judge.name}" is of kind ${judge.kind}, not ${config.kind}`);
  const latest = judge.versions[0];
  if (latest && canonicalJson(latest.config) === canonicalJson(config)) return { version: latest, isNew: false };
  const version = await db.$transaction(async (tx) => {
    const created = await tx.judgeVersion.create({ data: { judgeId, version: (latest?.version ?? 0) + 1, config } });
    await recordAuditEvent(tx, { projectId, actor, action: "judge.config_changed", subjectType: "judge", subjectId: judgeId, details: { version: created.version } });
    return created;
  });
  return { version, isNew: true };
}

/**
 * A config as it may be stored: valid, its endpoint and key allowed by the operator (llm), and the
 * rubric version it names in this project (rule); another project's id answers as an unknown one.
 */
async function parseJudgeConfig(db: Db, { projectId, input }: { projectId: string; input: JudgeConfigInput }): Promise<JudgeConfig> {
  const config = judgeConfigSchema.parse(input);
  if (config.kind === "llm") assertJudgeEndpointAllowed(config);
  if (config.kind === "cot" && config.form === "llm") assertJudgeEndpointAllowed(cotAsLlmConfig(config));
  if (config.kind === "rule") {
    const version = await db.rubricVersion.findFirst({ where: { id: config.rubricVersionId, rubric: { projectId } }, select: { id: true } });
    if (!version) throw new AppError("bad_request", "rubricVersionId: no such rubric version in this project", [{ path: "rubricVersionId", message: "Rubric version not found" }]);
  }
  return config;
}
