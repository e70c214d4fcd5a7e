import { describe, expect, it, vi } from "vitest";
import { GET as getEdgeCases } from "@/app/api/v1/edge-cases/route";
import { getDb } from "@/lib/db/client";
import { callRoute, routeTestProjects } from "@/lib/next/route-test";
import { makeEdgeCase, uniqueName } from "@/lib/testing/factories";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
const [project] = routeTestProjects(["api-cases-paging"]);

const makeCase = (environment: string, priority: number) => makeEdgeCase(db, { projectId: project.id, environment, priority, title: `p${priority}` });

type Page = { edgeCases: Array<{ id: string }>; nextCursor: string | null; total: number };
const page = async (query: string): Promise<Page> => {
  const response = await callRoute(getEdgeCases, `/api/v1/edge-cases?${query}`, { key: project.key });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
};

describe("GET /api/v1/edge-cases paged by cursor", () => {
  it("walks the queue with nextCursor without a duplicate or a gap while cases are added and decided between pages", async () => {
    const environment = uniqueName("env");
    const made = [];
    for (const priority of [90, 80, 70, 60, 50]) made.push(await makeCase(environment, priority));
    const first = await page(`environment=${environment}&limit=2`);
    expect(first.edgeCases.map((c) => c.id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    // Between pages: a case of higher priority comes in (an offset would repeat the page's last case),
    // and a case already seen is decided (an offset would skip the next one).
    const added = await makeCase(environment, 95);
    await db.edgeCase.update({ where: { id: made[0]!.id }, data: { status: "decided", decision: "false_alarm", decidedAt: new Date() } });
    const second = await page(`environment=${environment}&limit=2&after=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.edgeCases.map((c) => c.id)).toEqual([made[2]!.id, made[3]!.id]);
    const third = await page(`environment=${environment}&limit=2&after=${encodeURIComponent(second.nextCursor!)}`);
    expect(third.edgeCases.map((c) => c.id)).toEqual([made[4]!.id]);
    expect(third.nextCursor).toBeNull();
    // A walk started now sees the new case first.
    expect((await page(`environment=${environment}&limit=1`)).edgeCases.map((c) => c.id)).toEqual([added.id]);
  });

  it("orders cases of equal priority by id, so a cursor between them neither repeats nor skips one", async () => {
    const environment = uniqueName("env");
    const made = await Promise.all(Array.from({ length: 5 }, () => makeCase(environment, 40)));
    const seen: string[] = [];
    let query = `environment=${environment}&limit=2`;
    for (let pages = 0; pages < 5; pages++) {
      const answer = await page(query);
      seen.push(...answer.edgeCases.map((c) => c.id));
      if (!answer.nextCursor) break;
      query = `environment=${environment}&limit=2&after=${encodeURIComponent(answer.nextCursor)}`;
    }
    expect(seen).toEqual(made.map((c) => c.id).sort());
  });

  it("refuses a cursor it did not make, a run list's cursor on another list, and a cursor with an offset, naming the parameter", async () => {
    const cursor = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString("base64url");
    for (const query of ["after=not-a-cursor", `after=${cursor(["x"])}`, `after=${cursor([0.5, 0.7, "c1"])}`, `after=${cursor([0.5, "c1"])}&offset=3`]) {
      const response = await callRoute(getEdgeCases, `/api/v1/edge-cases?${query}`, { key: project.key });
      expect(response.status, query).toBe(400);
      expect((await response.json()).error.details, query).toEqual([expect.objectContaining({ path: expect.stringMatching(/^(after|offset)$/) })]);
    }
  });
});
