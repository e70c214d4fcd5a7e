// Seeds a project of its own, with an admin who belongs to no other project, full of hostile text:
// script, event-handler, javascript: link, SVG and markdown payloads, right-to-left and zero-width
// characters and a very long string in every field a page shows, and traces whose text carries SQL
// and LIKE/regex metacharacters for the search. Like every spec's (e2e/spec-project.ts), its data stays
// in its own project. Run by e2e/hostile-content.spec.ts: node --import tsx e2e/seed-hostile.ts TAG; prints JSON.
import { systemActor } from "../lib/audit/record-audit-event";
import { getDb } from "../lib/db/client";
import { createUser } from "../lib/members/create-user";
import { syncOpenEdgeCases } from "../lib/review/sync-open-edge-cases";
import { rubricItemRow } from "../lib/rubrics/rubric-item-row";
import { recordRunEvents } from "../lib/runs/record-run-events";
import { registerRun } from "../lib/runs/register-run";
import { writeMetricPoints } from "../lib/runs/write-metric-points";
import { storeTraces } from "../lib/traces/store-traces";
import { traceSchema, type TraceInput } from "../lib/traces/trace-schema";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-hostile only seeds the e2e database");
const tag = process.argv[2];
if (!tag || !/^[a-z0-9]+$/.test(tag)) throw new Error("usage: seed-hostile.ts TAG (lower-case letters and digits)");

// Each payload, if it ever ran, would set the flag and open a dialog; the spec asserts neither happens.
// None holds %, _, \, ' or .*( so that the metacharacter searches below count only their own traces.
const ran = "window.hostileRan=1;alert(1)";
const payloads = {
  script: `<script>${ran}</script>`,
  img: `<img src=x onerror="${ran}">`,
  svg: `<svg onload="${ran}"><circle r="9"></circle></svg>`,
  anchor: `<a href="javascript:${ran}">anchor</a>`,
  markdownLink: `[click me](javascript:${ran})`,
  markdownImage: `![picture](javascript:${ran})`,
  raw: `javascript:${ran}`,
  bidi: "\u202Etxt.exe\u202C reversed and zero\u200Bwidth\u200Djoined",
};
const all = Object.values(payloads).join(" ");
const long = `${"W".repeat(6_000)} end of the long string`;
const named = (what: string) => `${what} ${tag} ${payloads.img}`;

const project = await db.project.create({ data: { slug: `hostile-${tag}`, name: named("project") } });
const user = { email: `hostile-${tag}@example.test`, password: `hostile-${tag}-password` };
await createUser(db, { projectId: project.id, actor: systemActor, input: { ...user, role: "admin" } });

const environment = named("env");
const runName = named("run");
const toolName = `tool ${tag} ${payloads.svg}`;
const { run } = await registerRun(db, { projectId: project.id, input: { name: runName, trainer: "trl", environment }, actor: systemActor });
await writeMetricPoints(db, { runId: run.id, points: [0, 1, 2].map((step) => ({ step, name: named("metric"), value: step / 2 })) });
await recordRunEvents(db, { projectId: project.id, runId: run.id, events: [{ kind: "note", step: 1, message: named("event") }] });

const hostileTrace: TraceInput = {
  externalId: `${tag}-hostile ${payloads.script}`,
  environment,
  task: named("task"),
  run: runName,
  input: `input ${tag} ${all}`,
  output: `output ${tag} ${all}`,
  outcome: { reward: 0.9, scores: { [named("score")]: 1 } },
  metadata: { [`key ${payloads.script}`]: `value ${all}`, [payloads.svg]: payloads.markdownLink, long },
  steps: [
    { role: "user", content: `user ${tag} ${all}`, metadata: { [payloads.img]: payloads.raw } },
    {
      type: "tool_call",
      role: "assistant",
      name: toolName,
      arguments: { [payloads.anchor]: all, long },
      result: { html: payloads.svg },
      reasoning: `reasoning ${payloads.markdownImage}`,
    },
    { role: "tool", name: toolName, content: payloads.svg, error: payloads.script },
    { role: "assistant", content: `reply ${tag} ${all} ${long}` },
  ],
};
// Literal text for the search: a LIKE that treated % or _ as wildcards, or a query built by pasting, would find more.
const metacharacterTraces: TraceInput[] = [
  ["percent", "a discount of 100% off"],
  ["underscore", "the snake_case name"],
  ["regex", "the pattern .*( never closes"],
  ["backslash", "the folder C:\\temp\\logs"],
  ["sql", "name' OR 1=1 -- and the rest"],
  ["plain", "nothing special here"],
].map(([name, input]) => ({
  externalId: `${tag}-${name}`,
  environment: name === "sql" ? "' OR 1=1 --" : "plain",
  input,
  steps: [{ role: "user", content: input }],
}));

const traces = [hostileTrace, ...metacharacterTraces].map((input) => {
  const trace = traceSchema.parse(input);
  return { trace, externalId: trace.externalId! };
});
const stored = await storeTraces(db, { projectId: project.id, runId: run.id, traces });
const traceId = stored.storedIds.get(hostileTrace.externalId!);
if (!traceId || stored.accepted !== traces.length)
  throw new Error(`the hostile traces were not all stored: ${JSON.stringify({ accepted: stored.accepted, duplicates: stored.duplicates })}`);

const judge = await db.judge.create({
  data: { projectId: project.id, name: named("judge"), kind: "imported", versions: { create: { version: 1, config: {} } } },
  include: { versions: true },
});
await db.verdict.create({
  data: {
    projectId: project.id,
    traceId,
    judgeVersionId: judge.versions[0]!.id,
    label: "fail",
    score: 0.1,
    rationale: `rationale ${tag} ${all}`,
    issues: [`issue ${payloads.script}`],
  },
});

const hack = await db.knownHack.create({
  data: {
    projectId: project.id,
    environment,
    name: named("hack"),
    description: `description ${tag} ${all}`,
    recognition: `recognition ${payloads.markdownLink}`,
    examples: { create: { traceId } },
  },
});
const rubric = await db.rubric.create({ data: { projectId: project.id, environment, name: named("rubric") } });
const version = await db.rubricVersion.create({ data: { rubricId: rubric.id, version: 1, status: "approved", approvedAt: new Date(), note: `note ${all}` } });
// The draft editor shows the same items in its forms, and the extracted candidates beside them.
const draft = await db.rubricVersion.create({ data: { rubricId: rubric.id, version: 2, status: "draft", basedOnId: version.id, note: `draft note ${all}` } });
for (const rubricVersionId of [version.id, draft.id]) {
  await db.rubricItem.createMany({
    data: [
      {
        ...rubricItemRow({
          key: "hostile_llm",
          question: `question ${tag} ${all}`,
          polarity: "good",
          weight: 1,
          check: { kind: "llm", prompt: `prompt ${all}` },
        }),
        rubricVersionId,
        position: 0,
      },
      {
        ...rubricItemRow({
          key: "hostile_tool",
          question: `tool question ${tag} ${payloads.anchor}`,
          polarity: "hack",
          weight: 1,
          check: { kind: "tool_called", tool: toolName },
        }),
        rubricVersionId,
        position: 1,
        knownHackId: hack.id,
      },
    ],
  });
}
await db.rubricCandidate.create({
  data: {
    projectId: project.id,
    environment,
    clusterKey: `hostile-${tag}`,
    question: `candidate ${tag} ${all}`,
    count: 1,
    issues: [`issue ${payloads.svg}`],
    rationales: [`candidate rationale ${payloads.markdownImage}`],
    exampleTraceIds: [traceId],
  },
});

await db.edgeCase.create({
  data: {
    projectId: project.id,
    kind: "suspected_hack",
    environment,
    groupKey: `hostile-${tag}`,
    priority: 0.9,
    subjectType: "trace",
    subjectId: traceId,
    title: `case ${tag} ${all}`,
    explanation: `explanation ${all}`,
    examples: { create: { traceId } },
  },
});
await syncOpenEdgeCases(db, [traceId]);

await db.task.create({
  data: {
    projectId: project.id,
    externalId: `task-${tag} ${payloads.script}`,
    environment,
    origin: "trace",
    prompt: `prompt ${tag} ${all}`,
    originTraceId: traceId,
  },
});

console.log(
  JSON.stringify({
    user,
    projectSlug: project.slug,
    traceId,
    runId: run.id,
    rubricVersionId: version.id,
    draftVersionId: draft.id,
    payloads,
    environment,
    runName,
    toolName,
  }),
);
await db.$disconnect();
