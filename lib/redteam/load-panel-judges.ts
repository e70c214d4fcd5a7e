import type { Db } from "../db/client";
import { parseStoredConfig } from "../judges/judge-config-schema";
import type { PanelJudge } from "../judges/judge-trace";
import { findJudgesByName } from "../judges/find-judges-by-name";

/** Judges of the project by name as panel members (their latest version); an unknown name is an error listing the known ones. */
export async function loadPanelJudges(db: Db, { projectId, names }: { projectId: string; names: string[] }): Promise<PanelJudge[]> {
  if (!names.length) return [];
  const found = await findJudgesByName(db, { projectId, names });
  const rows = await db.judge.findMany({ where: { projectId, id: { in: found.map((j) => j.id) } }, include: { versions: { orderBy: { version: "desc" }, take: 1 } } });
  return found.flatMap((judge) => {
    const row = rows.find((r) => r.id === judge.id);
    const version = row?.versions[0];
    return row && version ? [{ judgeId: row.id, versionId: version.id, name: row.name, kind: row.kind, isSimulated: row.isSimulated, config: parseStoredConfig(row.kind, version.config) }] : [];
  });
}

/** The judges whose biases a red-team run measures by default: every active llm or simulated judge bound to the environment or to none. */
export async function listBiasJudgeNames(db: Db, { projectId, environment }: { projectId: string; environment: string }): Promise<string[]> {
  const rows = await db.judge.findMany({
    where: { projectId, isActive: true, kind: { in: ["llm", "simulated"] }, OR: [{ environment }, { environment: null }] },
    select: { name: true },
    orderBy: { name: "asc" },
  });
  return rows.map((r) => r.name);
}
