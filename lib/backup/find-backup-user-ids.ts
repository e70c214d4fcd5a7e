import type { Db, Tx } from "../db/client";

/**
 * The users a project's rows name: its members, and whoever created a key, is assigned a case,
 * labelled a trace, acted in an audit event, wrote or approved a rubric version or decided a hack or
 * a case. Those without a foreign key may name a user deleted since; such ids are simply not found.
 */
export async function findBackupUserIds(db: Db | Tx, projectId: string): Promise<string[]> {
  const inProject = { projectId };
  const groups = await Promise.all([
    db.member.groupBy({ by: ["userId"], where: inProject }).then((rows) => rows.map((row) => row.userId)),
    db.apiKey.groupBy({ by: ["createdById"], where: inProject }).then((rows) => rows.map((row) => row.createdById)),
    db.humanLabel.groupBy({ by: ["userId"], where: inProject }).then((rows) => rows.map((row) => row.userId)),
    db.auditEvent.groupBy({ by: ["actorId"], where: inProject }).then((rows) => rows.map((row) => row.actorId)),
    db.edgeCase.groupBy({ by: ["assigneeId"], where: inProject }).then((rows) => rows.map((row) => row.assigneeId)),
    db.edgeCase.groupBy({ by: ["decidedById"], where: inProject }).then((rows) => rows.map((row) => row.decidedById)),
    db.knownHack.groupBy({ by: ["proposedById"], where: inProject }).then((rows) => rows.map((row) => row.proposedById)),
    db.knownHack.groupBy({ by: ["decidedById"], where: inProject }).then((rows) => rows.map((row) => row.decidedById)),
    db.rubricVersion.groupBy({ by: ["createdById"], where: { rubric: inProject } }).then((rows) => rows.map((row) => row.createdById)),
    db.rubricVersion.groupBy({ by: ["approvedById"], where: { rubric: inProject } }).then((rows) => rows.map((row) => row.approvedById)),
  ]);
  const ids = new Set(groups.flat().filter((id): id is string => typeof id === "string"));
  return [...ids].sort();
}
