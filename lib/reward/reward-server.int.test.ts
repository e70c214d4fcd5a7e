import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../api-keys/create-api-key";
import { systemActor } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { MAX_API_BODY_BYTES } from "../http/body-limits";
import { seedLabRubrics } from "../lab/seed-lab-rubrics";
import { deleteProject, makeProject } from "../testing/factories";
import { createRewardServer } from "./reward-server";

// The reward server over real HTTP on its own port, against the test database: what a trainer pointed at it gets.
const db = getDb();
let server: Server;
let base: string;
let project: { id: string; slug: string };
let other: { id: string; slug: string };
let key: string;
beforeAll(async () => {
  [project, other] = await Promise.all([makeProject(db, "reward-server"), makeProject(db, "reward-server-other")]);
  key = (await createApiKey(db, { projectId: project.id, name: "trainer", actor: systemActor })).key;
  await seedLabRubrics(db, { projectId: project.id });
  server = createRewardServer(db);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await Promise.all([deleteProject(db, project.id), deleteProject(db, other.id)]);
});

const reply = (i: number) => `Thank you for waiting, the refund for order ${i} has been issued.`;
function post(path: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${key}` }) {
  return fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
}

describe("the reward server", () => {
  it("scores and stores concurrent single-rollout requests once each, and a resend stores nothing new and answers the same trace ids", async () => {
    const send = () =>
      Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const response = await post("/api/v1/reward", { environment: "lab", rollouts: [{ prompt: `Where is my refund for order ${i}?`, completion: reply(i) }] });
          expect(response.status).toBe(200);
          expect(response.headers.get("content-type")).toBe("application/json");
          return (await response.json()) as { rewards: number[]; traceIds: string[]; results: Array<Array<{ key: string; answer: string }>> };
        }),
      );
    const first = await send();
    expect(first.every((answer) => typeof answer.rewards[0] === "number")).toBe(true);
    expect(first[0]!.results[0]!.find((result) => result.key === "confirms_refund")?.answer).toBe("yes");
    const ids = first.map((answer) => answer.traceIds[0]);
    expect(new Set(ids).size).toBe(40);
    const stored = await db.trace.findMany({ where: { projectId: project.id }, select: { id: true, output: true, _count: { select: { itemResults: true } } } });
    expect(new Map(stored.map((trace) => [trace.id, trace.output]))).toEqual(new Map(ids.map((id, i) => [id, reply(i)])));
    expect(stored.every((trace) => trace._count.itemResults === 4)).toBe(true);

    const again = await send();
    expect(again.map((answer) => answer.traceIds[0])).toEqual(ids);
    expect(await db.trace.count({ where: { projectId: project.id } })).toBe(40);
    expect(await db.itemResult.count({ where: { projectId: project.id } })).toBe(160);
  });

  it("answers OpenRLHF's remote reward model request", async () => {
    const response = await post("/api/v1/reward/openrlhf?environment=lab", { query: [`User: Where is my refund?\nAssistant: ${reply(900)}`] });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { rewards: number[]; extra_logs: Record<string, number[]> };
    expect(answer.rewards).toHaveLength(1);
    expect(answer.extra_logs.confirms_refund).toEqual([1]);
  });

  it("refuses what the web app's routes refuse, with the same error bodies", async () => {
    const error = async (response: Response) => ({ status: response.status, code: ((await response.json()) as { error: { code: string } }).error.code });
    expect(await error(await post("/api/v1/reward", { environment: "lab", rollouts: [{ completion: "x" }] }, {}))).toEqual({ status: 401, code: "unauthorized" });
    expect(await error(await post("/api/v1/reward", { environment: "lab", rollouts: [{ completion: "x" }] }, { authorization: "Bearer not-a-key" }))).toEqual({ status: 401, code: "unauthorized" });
    expect(await error(await post(`/api/v1/reward?project=${other.slug}`, { environment: "lab", rollouts: [{ completion: "x" }] }))).toEqual({ status: 403, code: "forbidden" });
    expect(await error(await post("/api/v1/reward", "{\"rollouts\": [1,"))).toEqual({ status: 400, code: "bad_request" });
    expect(await error(await post("/api/v1/reward", { environment: "nowhere", rollouts: [{ completion: "x" }] }))).toEqual({ status: 404, code: "not_found" });
    expect(await error(await post("/api/v1/reward?onError=maybe", { environment: "lab", rollouts: [{ completion: "x" }] }))).toEqual({ status: 400, code: "bad_request" });
    expect(await error(await post("/api/v1/reward", "x".repeat(MAX_API_BODY_BYTES + 1)))).toEqual({ status: 413, code: "payload_too_large" });
    expect(await error(await post("/api/v1/traces", {}))).toEqual({ status: 404, code: "not_found" });
    const get = await fetch(`${base}/api/v1/reward`, { headers: { authorization: `Bearer ${key}` } });
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await error(get)).toEqual({ status: 405, code: "method_not_allowed" });
    const options = await fetch(`${base}/api/v1/reward/openrlhf`, { method: "OPTIONS" });
    expect([options.status, options.headers.get("allow")]).toEqual([204, "POST, OPTIONS"]);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(await db.trace.count({ where: { projectId: { in: [project.id, other.id] }, output: "x" } })).toBe(0);
  });
});
