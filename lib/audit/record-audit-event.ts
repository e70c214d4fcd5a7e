import type { Db, Tx } from "../db/client";

export type Actor = { userId?: string | null; label: string };

export const systemActor: Actor = { userId: null, label: "system" };

export type AuditEventInput = {
  projectId?: string | null;
  actor: Actor;
  action: string;
  subjectType: string;
  subjectId?: string | null;
  details?: Record<string, unknown>;
};

/** Writes who changed or approved what; call it inside the transaction of the change it records. */
export async function recordAuditEvent(db: Db | Tx, event: AuditEventInput): Promise<void> {
  await db.auditEvent.create({
    data: {
      projectId: event.projectId ?? null,
      actorId: event.actor.userId ?? null,
      actorLabel: event.actor.label,
      action: event.action,
      subjectType: event.subjectType,
      subjectId: event.subjectId ?? null,
      details: (event.details ?? undefined) as object | undefined,
    },
  });
}
