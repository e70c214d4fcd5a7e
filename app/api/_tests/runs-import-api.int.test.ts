import { describe, expect, it, vi } from "vitest";
import { POST as postImport } from "@/app/api/runs/import/route";
import { getDb } from "@/lib/db/client";
import { MAX_API_BODY_BYTES } from "@/lib/http/body-limits";
import { uniqueName } from "@/lib/testing/factories";
import { callRoute, routeTestProjects, signIn, statusAndJson } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

const db = getDb();
const [project] = routeTestProjects(["runs-import"], { members: ["reviewer", "viewer"] });

// What the browser sends: the File object as the body, as the /runs dialog does.
async function upload(userId: string, { run, file, text, headers = {} }: { run: string; file: string; text: string; headers?: Record<string, string> }) {
  signIn(userId, project.slug);
  const search = new URLSearchParams({ run, file });
  const body = new File([text], file, { type: "text/csv" });
  return statusAndJson(await callRoute(postImport, `/api/runs/import?${search}`, { body, headers: { origin: "http://localhost", "content-type": "text/csv", ...headers } }));
}

const csv = ["_step,reward/proxy,eval/success", ...Array.from({ length: 50 }, (_, step) => `${step},${(step / 50).toFixed(3)},${(0.5 - step / 200).toFixed(3)}`)].join("\n");

describe("POST /api/runs/import", () => {
  it("makes the run from a CSV upload with every point, and a second upload of the same file adds nothing", async () => {
    const run = uniqueName("wandb-upload");
    const first = await upload(project.members.reviewer.id, { run, file: "history.csv", text: csv });
    expect(first).toMatchObject({ status: 201, body: { runName: run, created: true, format: "csv", points: 100, metrics: ["eval/success", "reward/proxy"], skipped: 0, rejected: [] } });
    const stored = await db.metricPoint.findMany({ where: { runId: first.body.runId }, orderBy: [{ name: "asc" }, { step: "asc" }] });
    expect(stored).toHaveLength(100);
    expect(stored.find((point) => point.name === "reward/proxy" && point.step === 49)?.value).toBeCloseTo(0.98);
    expect(await db.trainingRun.findUniqueOrThrow({ where: { id: first.body.runId } })).toMatchObject({ projectId: project.id, name: run });

    const again = await upload(project.members.reviewer.id, { run, file: "history.csv", text: csv });
    expect(again).toMatchObject({ status: 200, body: { runId: first.body.runId, created: false } });
    expect(await db.metricPoint.count({ where: { runId: first.body.runId } })).toBe(100);
  });

  it("refuses a viewer with 403 and makes no run", async () => {
    const run = uniqueName("viewer-upload");
    const refused = await upload(project.members.viewer.id, { run, file: "history.csv", text: csv });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    expect(await db.trainingRun.count({ where: { projectId: project.id, name: run } })).toBe(0);
  });

  it("refuses another site's page and a body over the limit, and makes no run", async () => {
    const run = uniqueName("refused-upload");
    const crossSite = await upload(project.members.reviewer.id, { run, file: "history.csv", text: csv, headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    const tooLarge = await upload(project.members.reviewer.id, { run, file: "history.csv", text: csv, headers: { "content-length": String(MAX_API_BODY_BYTES + 1) } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.message).toMatch(/goodhart runs import/);
    expect(await db.trainingRun.count({ where: { projectId: project.id, name: run } })).toBe(0);
  });

  it("reports a line it could not read with its line number, and stores the others", async () => {
    const run = uniqueName("bad-line");
    const text = ["_step,reward/proxy", "0,0.1", "1,0.2", "not-a-step,0.3", "3,0.4"].join("\n");
    const answer = await upload(project.members.reviewer.id, { run, file: "history.csv", text });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ points: 3, rejected: [{ line: 4, error: expect.any(String) }] });
    expect(answer.body.rejected).toHaveLength(1);
    expect(await db.metricPoint.count({ where: { runId: answer.body.runId } })).toBe(3);
  });

  it("refuses a file without one readable point with 422 and its reasons, and makes no run", async () => {
    const run = uniqueName("no-points");
    const answer = await upload(project.members.reviewer.id, { run, file: "log.jsonl", text: "{not json\n" });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: "unprocessable", message: expect.stringContaining("log.jsonl has no metric points"), details: [{ line: 1, error: expect.stringMatching(/not JSON/) }] });
    expect(await db.trainingRun.count({ where: { projectId: project.id, name: run } })).toBe(0);
  });
});
