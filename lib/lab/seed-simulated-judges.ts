import type { Db } from "../db/client";
import { createSimulatedJudges } from "./simulated-judges";

/**
 * The lab's simulated judges as panel members of the project, kind "simulated", flagged
 * isSimulated and bound to the lab environment, so that the UI labels them and no judge run can
 * point them at imported traces. Seeding again changes nothing.
 */
export async function seedSimulatedJudges(db: Db, projectId: string): Promise<number> {
  let created = 0;
  for (const judge of createSimulatedJudges({ seed: 0 })) {
    const existing = await db.judge.findUnique({ where: { projectId_name: { projectId, name: judge.name } } });
    if (existing) continue;
    await db.judge.create({
      data: {
        projectId,
        name: judge.name,
        kind: "simulated",
        isSimulated: true,
        environment: "lab",
        versions: { create: { version: Number(judge.version), config: { simulated: true, errorModel: judge.errorModel } } },
      },
    });
    created++;
  }
  return created;
}
