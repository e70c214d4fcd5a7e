import type { Db } from "../db/client";

export type JudgeListItem = {
  id: string;
  name: string;
  kind: string;
  isSimulated: boolean;
  environment: string | null;
  version: number | null;
  description: string | null;
  verdictCount: number;
};

export async function listJudges(db: Db, projectId: string): Promise<JudgeListItem[]> {
  const judges = await db.judge.findMany({
    where: { projectId },
    orderBy: [{ isSimulated: "asc" }, { name: "asc" }],
    include: { versions: { orderBy: { version: "desc" }, take: 1, include: { _count: { select: { verdicts: true } } } } },
  });
  return judges.map((judge) => {
    const latest = judge.versions[0];
    const config = (latest?.config ?? {}) as { errorModel?: string; model?: string; form?: string; patterns?: unknown[] };
    return {
      id: judge.id,
      name: judge.name,
      kind: judge.kind,
      isSimulated: judge.isSimulated,
      environment: judge.environment,
      version: latest?.version ?? null,
      description: judge.kind === "cot" ? describeCotMonitor(config) : (config.errorModel ?? config.model ?? null),
      verdictCount: latest?._count.verdicts ?? 0,
    };
  });
}

/** The chain-of-thought monitor's line on /judges: what it reads and with what. */
function describeCotMonitor({ form, model, patterns }: { form?: string; model?: string; patterns?: unknown[] }): string {
  const reads = "reads the reasoning only; a trace without reasoning is n/a";
  return form === "llm" ? `chain-of-thought monitor, llm ${model ?? ""}: ${reads}` : `chain-of-thought monitor, ${patterns?.length ?? 0} pattern${patterns?.length === 1 ? "" : "s"}: ${reads}`;
}
