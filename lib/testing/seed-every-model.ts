import { Prisma } from "../db/generated/sqlite/client";
import type { Db } from "../db/client";
import { makeProject, makeUser, uniqueName } from "./factories";

// Awkward values on purpose: unicode, quotes and newlines, nested Json, Json that is a bare string or
// null, floats that do not print short, millisecond dates, negative and large numbers.
const awkward = 'quote " backslash \\ newline \n tab \t emoji 🦜 accents é ß 中文';
const when = new Date("2026-03-04T05:06:07.089Z");

/** A project with at least one row in every model a backup holds, for the backup tests. */
export async function seedEveryModel(db: Db) {
  const project = await makeProject(db, "backup");
  const projectId = project.id;
  const admin = await makeUser(db, { projectId, role: "admin" });
  const reviewer = await makeUser(db, { projectId, role: "reviewer" });
  const tag = uniqueName("b");
  await db.apiKey.create({ data: { projectId, name: awkward, prefix: "gh_x", keyHash: `hash-${tag}`, createdById: admin.id, lastUsedAt: when } });
  const document = await db.document.create({
    data: { projectId, externalId: `sha256:${tag}`, title: awkward, content: `${awkward}\n`.repeat(3), metadata: { pages: [1, 2], nested: { b: 1, a: null } } },
  });
  const rubric = await db.rubric.create({ data: { projectId, environment: "refunds", name: awkward, hackMode: "subtract" } });
  const version = await db.rubricVersion.create({
    data: { rubricId: rubric.id, version: 1, status: "approved", createdById: admin.id, approvedById: reviewer.id, approvedAt: when },
  });
  const hack = await db.knownHack.create({
    data: {
      projectId,
      name: tag,
      description: awkward,
      status: "approved",
      proposedItem: { question: awkward, weight: 0.1 + 0.2 },
      decidedById: reviewer.id,
      decidedAt: when,
    },
  });
  const item = await db.rubricItem.create({
    data: {
      rubricVersionId: version.id,
      key: "k1",
      question: awkward,
      polarity: "hack",
      weight: -1.5,
      checkKind: "regex",
      check: { pattern: "^re[fu]nd\\b" },
      knownHackId: hack.id,
      position: 3,
    },
  });
  const run = await db.trainingRun.create({
    data: {
      projectId,
      name: tag,
      trainer: "verl",
      rubricVersionId: version.id,
      config: { lr: 1e-6, steps: 2 ** 40 },
      summary: Prisma.DbNull,
      finishedAt: when,
    },
  });
  await db.metricPoint.createMany({ data: [1, 2, 3].map((step) => ({ runId: run.id, step, name: "reward/proxy", value: step / 3, time: when })) });
  await db.metricBucket.create({ data: { runId: run.id, name: "reward/proxy", level: 1, bucket: 0, min: 1 / 3, max: 2 / 3, sum: 1, count: 2 } });
  await db.runEvent.create({ data: { runId: run.id, step: 2, kind: "note", message: awkward, data: "just a string", dedupeKey: tag, time: when } });
  const trace = await db.trace.create({
    data: {
      projectId,
      externalId: `ext-${tag}`,
      contentHash: tag,
      source: "rollout",
      environment: "refunds",
      task: "t1",
      runName: run.name,
      runId: run.id,
      step: 2,
      input: awkward,
      output: awkward,
      reward: 0.7000000000000001,
      success: false,
      scores: { a: 1, b: [true, null, "x"] },
      stepCount: 2,
      totalTokens: 123456789,
      startedAt: when,
    },
  });
  const other = await db.trace.create({ data: { projectId, externalId: `other-${tag}`, contentHash: `${tag}-2`, source: "production" } });
  await db.traceStep.createMany({
    data: [
      { traceId: trace.id, index: 0, type: "message", role: "user", content: awkward },
      {
        traceId: trace.id,
        index: 1,
        type: "tool_call",
        role: "assistant",
        toolName: "issue_refund",
        toolCallId: "c1",
        arguments: { order: "A-1", amount: 12.5 },
        result: [1, "two"],
        tokensIn: 5,
        tokensOut: 7,
        latencyMs: 12.25,
        startedAt: when,
      },
    ],
  });
  await db.task.create({
    data: {
      projectId,
      externalId: tag,
      environment: "refunds",
      origin: "mined",
      prompt: awkward,
      context: ["doc"],
      originTraceId: trace.id,
      originDocumentId: document.id,
      originSpan: { start: 0, end: 5 },
      rolloutCount: 4,
      passCount: 1,
      passRate: 0.25,
      isHeldOut: true,
    },
  });
  const judge = await db.judge.create({ data: { projectId, name: tag, kind: "llm", environment: "refunds" } });
  const judgeVersion = await db.judgeVersion.create({ data: { judgeId: judge.id, version: 1, config: { model: "m", temperature: 0, prompt: awkward } } });
  await db.verdict.createMany({
    data: [trace, other].map((t, i) => ({
      projectId,
      traceId: t.id,
      judgeVersionId: judgeVersion.id,
      label: i ? "pass" : "fail",
      score: i ? 0.9 : null,
      rationale: awkward,
      issues: i ? ["x"] : Prisma.DbNull,
      costUsd: 0.00012,
    })),
  });
  await db.itemResult.create({ data: { projectId, rubricItemId: item.id, traceId: trace.id, answer: "yes", evidence: awkward } });
  await db.knownHackExample.create({ data: { knownHackId: hack.id, traceId: trace.id } });
  const edgeCase = await db.edgeCase.create({
    data: {
      projectId,
      kind: "suspected_hack",
      rule: "reward_high_hack_fires",
      groupKey: tag,
      priority: 0.8,
      subjectType: "trace",
      subjectId: trace.id,
      title: awkward,
      explanation: awkward,
      evidence: { reward: 0.7 },
      assigneeId: reviewer.id,
      decidedAt: when,
    },
  });
  await db.edgeCaseExample.create({ data: { edgeCaseId: edgeCase.id, traceId: trace.id, detail: { item: "k1" } } });
  await db.humanLabel.create({ data: { projectId, traceId: trace.id, userId: reviewer.id, label: "fail", edgeCaseId: edgeCase.id, note: awkward } });
  await db.rubricCandidate.create({
    data: {
      projectId,
      environment: "refunds",
      clusterKey: tag,
      question: awkward,
      count: 3,
      issues: ["a"],
      rationales: Prisma.JsonNull,
      exampleTraceIds: [trace.id],
    },
  });
  await db.auditEvent.create({
    data: {
      projectId,
      actorId: admin.id,
      actorLabel: admin.email,
      action: "rubric.approve",
      subjectType: "rubric_version",
      subjectId: version.id,
      details: { from: "draft" },
    },
  });
  await db.job.create({
    data: {
      projectId,
      type: "judge-run",
      payload: { traceIds: [trace.id] },
      status: "succeeded",
      idempotencyKey: `job-${tag}`,
      attempts: 1,
      progress: 1,
      result: { judged: 1 },
      finishedAt: when,
    },
  });
  await db.otelRecord.create({
    data: {
      projectId,
      traceId: "0af7651916cd43dd8448eb211c80319c",
      recordKey: "b7ad6b7169203331",
      kind: "span",
      data: { name: awkward, attributes: [{ key: "gen_ai.system", value: { stringValue: "x" } }] },
    },
  });
  return { project, users: [admin, reviewer], trace };
}
