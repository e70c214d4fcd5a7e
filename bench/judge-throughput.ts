// Judge throughput: verdicts/s of runJudges against a local OpenAI-compatible server that answers
// each request after 200 ms, at an endpoint concurrency of 32. The bound is concurrency / latency
// = 32 / 0.2 s = 160 verdicts/s; the ratio says how much of it the pipeline (prompting, the SDK,
// HTTP, verdict writes) keeps. Uses its own fresh SQLite file.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { createDb } from "../lib/db/client";
import { migrateDatabase } from "../lib/db/migrate-database";
import { runJudges } from "../lib/judges/run-judges";
import { createJudge } from "../lib/judges/save-judge";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer } from "../lib/testing/llm-test-server";
import { storeTraces } from "../lib/traces/store-traces";
import { traceSchema } from "../lib/traces/trace-schema";
import { figure, type Figure } from "./figures";

const root = path.resolve(import.meta.dirname, "..");
const latencyMs = 200;
const concurrency = 32;

export async function benchJudgeThroughput(traceCount: number): Promise<Figure[]> {
  const dir = path.join(root, "data", "bench");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "judges.db");
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  const url = `file:${file}`;
  await migrateDatabase({ root, url });
  const db = createDb(url);
  const reply = chatCompletion(JSON.stringify({ label: "pass", score: 0.9, rationale: "Followed the policy.", issues: [] }), { tokensIn: 1500, tokensOut: 60 });
  const server = await startLlmTestServer(() => ({ body: reply, delayMs: latencyMs }));
  const disallowTestServer = allowJudgeBaseUrls(server.url);
  try {
    const project = await db.project.create({ data: { slug: "bench-judges", name: "bench-judges" } });
    const traces = Array.from({ length: traceCount }, (_, i) => ({
      externalId: `judge-bench-${i}`,
      trace: traceSchema.parse({
        environment: "airline",
        input: `Customer ${i} wants to change flight ${i % 97}`,
        steps: [
          { role: "user", content: `Customer ${i} wants to change flight ${i % 97}` },
          { type: "tool_call", role: "assistant", name: "get_reservation", arguments: { id: i }, result: { flights: [i % 97] } },
          { role: "assistant", content: `Flight changed for customer ${i}.`, reasoning: "The fare class allows changes." },
        ],
      }),
    }));
    const traceIds: string[] = [];
    for (let start = 0; start < traces.length; start += 250) {
      const { storedIds } = await storeTraces(db, { projectId: project.id, traces: traces.slice(start, start + 250) });
      traceIds.push(...storedIds.values());
    }
    const { judge } = await createJudge(db, {
      projectId: project.id,
      input: { name: "bench-llm", config: { kind: "llm", baseUrl: `${server.url}/v1`, model: "bench", concurrency, pricePerMTokensIn: 2.5, pricePerMTokensOut: 10 } },
    });
    const started = performance.now();
    const result = await runJudges(db, { projectId: project.id, judgeIds: [judge.id], traceIds });
    const seconds = (performance.now() - started) / 1000;
    const cachedStarted = performance.now();
    const again = await runJudges(db, { projectId: project.id, judgeIds: [judge.id], traceIds });
    const cachedSeconds = (performance.now() - cachedStarted) / 1000;
    const perSecond = result.verdicts / seconds;
    const bound = concurrency / (latencyMs / 1000);
    if (result.verdicts !== traceCount || again.cached !== traceCount) throw new Error(`judged ${result.verdicts} and took ${again.cached} from the cache of ${traceCount}`);
    return [
      figure(
        "judges",
        `judge run, ${traceCount.toLocaleString("en")} verdicts (local endpoint, ${latencyMs} ms/request, concurrency ${concurrency})`,
        { value: perSecond, unit: "verdicts/s" },
        { name: `the bound, concurrency / latency = ${concurrency} / ${latencyMs / 1000} s`, value: bound, unit: "verdicts/s" },
        `${result.requests.toLocaleString("en")} requests, ${result.errors} errors, $${result.costUsd.toFixed(4)}; re-run of the same from the cache ${cachedSeconds.toFixed(2)} s, ${again.requests} requests`,
      ),
    ];
  } finally {
    disallowTestServer();
    await server.close();
    await db.$disconnect();
  }
}
