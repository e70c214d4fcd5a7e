import { randomUUID } from "node:crypto";
import type { Role } from "../auth/roles";
import { systemActor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { createUser } from "../members/create-user";

/** Test data with unique names, so tests never collide and clean up only what they made. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export async function makeProject(db: Db, prefix = "test") {
  const slug = uniqueName(prefix);
  return db.project.create({ data: { slug, name: slug } });
}

export async function makeUser(db: Db, { projectId, role, password = "correct horse battery" }: { projectId: string; role: Role; password?: string }) {
  const email = `${uniqueName(role)}@example.test`;
  const user = await createUser(db, { projectId, actor: systemActor, input: { email, password, role } });
  return { ...user, password };
}

export async function deleteProject(db: Db, projectId: string) {
  await db.project.delete({ where: { id: projectId } }).catch(() => undefined);
}

type EdgeCaseFields = Extract<Parameters<Db["edgeCase"]["create"]>[0]["data"], { projectId: string }>;

type ExampleOf = { traceId: string; detail?: Record<string, string | number> };

/** An open edge case of the project, filled in where the test does not say, with `examples` of its traces. */
export async function makeEdgeCase(db: Db, { projectId, examples = [], ...fields }: { projectId: string; examples?: ExampleOf[] } & Partial<Omit<EdgeCaseFields, "projectId" | "examples">>) {
  return db.edgeCase.create({
    data: {
      kind: "suspected_hack",
      rule: "reward_high_hack_fires",
      groupKey: uniqueName("case"),
      priority: 1,
      subjectType: "trace",
      title: "test case",
      explanation: "made by the test",
      ...fields,
      projectId,
      examples: { create: examples },
    },
  });
}
