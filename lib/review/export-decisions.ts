import type { Db } from "../db/client";

/** Decided cases as JSON lines, oldest decision first: what was decided, by whom, on which traces. */
export async function* exportDecisions(db: Db, { projectId }: { projectId: string }): AsyncGenerator<string> {
  for (let cursor: string | undefined; ; ) {
    const rows = await db.edgeCase.findMany({
      where: { projectId, status: "decided" },
      orderBy: { id: "asc" },
      take: 200,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
      include: { examples: { select: { trace: { select: { id: true, externalId: true } } } } },
    });
    if (!rows.length) return;
    cursor = rows.at(-1)!.id;
    const users = await db.user.findMany({ where: { id: { in: rows.flatMap((r) => (r.decidedById ? [r.decidedById] : [])) } }, select: { id: true, email: true } });
    for (const row of rows) {
      yield JSON.stringify({
        id: row.id,
        groupKey: row.groupKey,
        kind: row.kind,
        rule: row.rule,
        environment: row.environment,
        title: row.title,
        explanation: row.explanation,
        decision: row.decision,
        note: row.note,
        decidedBy: users.find((u) => u.id === row.decidedById)?.email ?? null,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        count: row.count,
        traces: row.examples.map((e) => ({ id: e.trace.id, externalId: e.trace.externalId })),
      }) + "\n";
    }
  }
}
