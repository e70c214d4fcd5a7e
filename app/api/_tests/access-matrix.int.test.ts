import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hasRole, type Role } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { actionFixtures, adminOnly, openActions, openRoutes, routeFixtures, tag, viewerWrites, type Call } from "@/lib/testing/access-fixtures";
import { seedAccessWorld, snapshotProject, unknownIds, type AccessWorld, type WorldIds } from "@/lib/testing/access-world";
import { listRouteMethods, listServerActions, type Access } from "@/lib/testing/app-surface";
import { deleteProject, makeUser, uniqueName } from "@/lib/testing/factories";
import type { ActionResult } from "@/lib/next/server-action";

// The access matrix: every route method under app/api and every server action, found in the source,
// called by anonymous, by project A's viewer, reviewer and admin (and its keys), and by project B's
// admin and key naming A's objects. A route or action added later fails here until it has a fixture.
const signedIn = vi.hoisted(() => ({ userId: "", projectSlug: "" }));
vi.mock("@/lib/next/auth", () => ({
  auth: async () => (signedIn.userId ? { user: { id: signedIn.userId } } : null),
  signIn: async () => undefined,
  signOut: async () => undefined,
  handlers: { GET: async () => new Response(null, { status: 204 }), POST: async () => new Response(null, { status: 204 }) },
}));
vi.mock("@/lib/next/current-project", () => ({ currentProjectSlug: async () => signedIn.projectSlug, chooseProject: async () => undefined }));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));


const routes = listRouteMethods().map((r) => ({ ...r, key: `${r.method} ${r.route}` }));
const actions = listServerActions();
const db = getDb();
let a: AccessWorld;
let b: AccessWorld;
let before: string;
/** An admin of B who is only a viewer of A: in A, a viewer. */
let twoRoles: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  [a, b] = await Promise.all([seedAccessWorld(db, "access-a", { isInstanceAdmin: true }), seedAccessWorld(db, "access-b")]);
  twoRoles = await makeUser(db, { projectId: b.project.id, role: "admin" });
  await db.member.create({ data: { projectId: a.project.id, userId: twoRoles.id, role: "viewer" } });
  before = await snapshotProject(db, a.project.id);
});
afterAll(async () => {
  const made = await db.project.findMany({ where: { slug: { startsWith: tag } }, select: { id: true } });
  await Promise.all([a, b, ...made].map((p) => deleteProject(db, "project" in p ? p.project.id : p.id)));
  await db.user.deleteMany({ where: { OR: [{ id: { in: [...a.userIds, ...b.userIds, twoRoles.id] } }, { email: { startsWith: tag } }] } });
});

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string> | undefined> }) => Promise<Response>;
type Answer = { status: number; text: string };

async function handlerOf(route: { file: string; method: string }): Promise<Handler> {
  const module = (await import(/* @vite-ignore */ route.file)) as Record<string, Handler>;
  return module[route.method]!;
}

/** A signed-in member (the project cookie naming `projectSlug`), a key, or nobody. */
type Credentials = { userId?: string; projectSlug?: string; key?: string; askProject?: string };

async function callRoute(route: { route: string; method: string; file: string }, call: Call, credentials: Credentials): Promise<Answer> {
  Object.assign(signedIn, { userId: credentials.userId ?? "", projectSlug: credentials.projectSlug ?? "" });
  const path = route.route.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_match, name: string) => encodeURIComponent(call.params?.[name] ?? "x"));
  const query = new URLSearchParams({ ...call.query, ...(credentials.askProject ? { project: credentials.askProject } : {}) }).toString();
  const headers: Record<string, string> = { ...call.headers, origin: "http://localhost" };
  if (credentials.key) headers.authorization = `Bearer ${credentials.key}`;
  const body = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  if (body !== undefined) headers["content-type"] = call.raw ? "text/plain" : "application/json";
  const request = new NextRequest(`http://localhost/api/${path}${query ? `?${query}` : ""}`, { method: route.method, headers, body });
  // As Next calls them: a static route's params resolve to undefined.
  const params = route.route.includes("[") ? (call.params ?? {}) : undefined;
  const response = await (await handlerOf(route))(request, { params: Promise.resolve(params) });
  return { status: response.status, text: await response.text() };
}

async function callAction(entry: { file: string; name: string }, fields: Record<string, string>, userId: string, projectSlug: string): Promise<ActionResult<unknown>> {
  Object.assign(signedIn, { userId, projectSlug });
  const action = ((await import(/* @vite-ignore */ entry.file)) as Record<string, (previous: null, form: FormData) => Promise<ActionResult<unknown>>>)[entry.name]!;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return action(null, form);
}

const idValues = (ids: WorldIds) => Object.values(ids).flatMap((value) => value.split(","));

/** Nothing of `world` in an answer to someone outside it, beyond the ids the caller sent itself. */
/**
 * No marker or id of `world` in the answer. A success may echo an id the caller sent; an error never
 * names one, even one the caller sent: "names no rubric version of this project: X" would confirm
 * that X exists elsewhere whenever it answers differently for ids that exist nowhere.
 */
function expectNothingOf(world: AccessWorld, answer: string, sent: string, where: string, status = 200) {
  expect(answer, `${where}: the other project's marker`).not.toContain(world.marker);
  for (const id of idValues(world.ids)) {
    if (status >= 400 || !sent.includes(id)) expect(answer, `${where}: the other project's id ${id}${sent.includes(id) ? ", sent by the caller," : ""} in a ${status} answer`).not.toContain(id);
  }
}

/** An answer about `from`'s ids with each replaced by `to`'s: what the same request about unknown ids should answer. */
function swapIds(text: string, from: WorldIds, to: WorldIds) {
  const [fromValues, toValues] = [idValues(from), idValues(to)];
  return fromValues.reduce((swapped, id, i) => (id === toValues[i] ? swapped : swapped.replaceAll(id, toValues[i]!)), text);
}

const roles: Role[] = ["viewer", "reviewer", "admin"];
const lowestAllowed = (access: NonNullable<Access>) => roles.find((role) => hasRole(role, access.role))!;

describe("the matrix covers the code", () => {
  it("finds the app's routes and actions on disk", () => {
    expect(routes.map((r) => r.key)).toEqual(expect.arrayContaining(["POST v1/reward", "POST jobs/[id]/retry", "GET edge-cases"]));
    expect(routes.find((r) => r.key === "POST jobs/[id]/retry")?.access).toEqual({ by: "session", role: "admin" });
    expect(routes.find((r) => r.key === "POST v1/hacks/[id]/decision")?.access).toEqual({ by: "key", role: "reviewer" });
    expect(actions.map((x) => x.name)).toEqual(expect.arrayContaining(["addMemberAction", "saveJudgeAction", "login"]));
  });

  it("every route method is behind a session or a key, or listed as open with why", () => {
    const unguarded = routes.filter((r) => !r.access && !openRoutes[r.key]).map((r) => `${r.key} (${r.file})`);
    expect(unguarded).toEqual([]);
  });

  it("a viewer only reads, and what only an admin may do needs an admin", () => {
    const writes = [...routes.filter((r) => r.access?.by === "session" && r.method !== "GET").map((r) => ({ name: r.key, access: r.access })), ...actions.map((x) => ({ name: x.name, access: x.access }))];
    expect(writes.filter((w) => w.access?.role === "viewer" && !viewerWrites[w.name]).map((w) => `${w.name}: a write open to viewers`)).toEqual([]);
    const declared = new Map([...routes.map((r) => [r.key, r.access] as const), ...actions.map((x) => [x.name, x.access] as const)]);
    expect(adminOnly.filter((name) => declared.get(name)?.role !== "admin").map((name) => `${name}: needs ${declared.get(name)?.role ?? "nothing"}, not admin`)).toEqual([]);
  });

  it("every guarded route method and every server action has a fixture", () => {
    expect(routes.filter((r) => r.access && !routeFixtures[r.key]).map((r) => `${r.key}: add it to routeFixtures`)).toEqual([]);
    expect(actions.filter((x) => !x.access && !openActions[x.name]).map((x) => `${x.name} (${x.file}): wrap it in serverAction or list it in openActions`)).toEqual([]);
    expect(actions.filter((x) => x.access && !actionFixtures[x.name]).map((x) => `${x.name}: add it to actionFixtures`)).toEqual([]);
  });
});

// Project B's callers first, while A's objects are all still in their first state (open cases,
// proposed hacks, drafts): the answer to A's id must be the answer to an id nobody has, alone and
// beside B's own ids (A's item in B's draft, B's case assigned to A's user, ...).
type Sent = { sent: string; status: number; text: string };
type Probe = { compare?: false; mixed?: string };

async function expectAnsweredAsUnknown(where: string, probe: Probe, send: (ids: WorldIds) => Promise<Sent>) {
  const unknown = unknownIds(a.ids);
  const check = (answer: Sent) => {
    expect(answer.status, `${where}: ${answer.text}`).toBeLessThan(500);
    expectNothingOf(a, answer.text, answer.sent, where, answer.status);
  };
  const own = await send(a.ids);
  check(own);
  const keys = (Object.keys(a.ids) as (keyof WorldIds)[]).filter((key) => a.ids[key].split(",").some((id) => own.sent.includes(id)));
  const variants: { foreign: WorldIds; unknown: WorldIds; label: string }[] = [{ foreign: a.ids, unknown, label: "A's ids" }];
  if (keys.length > 1 && !probe.mixed) for (const key of keys) variants.push({ foreign: { ...b.ids, [key]: a.ids[key] }, unknown: { ...b.ids, [key]: unknown[key] }, label: `B's ids with A's ${key}` });
  for (const [i, variant] of variants.entries()) {
    if (!keys.length) break;
    const foreign = i === 0 ? own : await send(variant.foreign);
    check(foreign);
    const answer = await send(variant.unknown);
    const label = `${where}, ${variant.label}: answered as unknown ones (${foreign.text} / ${answer.text})`;
    expect(foreign.status, label).toBe(answer.status);
    if (foreign.status >= 400 || probe.compare !== false) expect(swapIds(foreign.text, variant.foreign, variant.unknown), label).toBe(answer.text);
  }
}

describe("another project's admin and key, naming this project's objects", () => {
  it.each(routes.filter((r) => r.access))("$key", async (route) => {
    const fixture = routeFixtures[route.key]!;
    const credentials: Credentials = route.access!.by === "session" ? { userId: b.users.admin.id, projectSlug: a.project.slug } : { key: b.keys.admin };
    await expectAnsweredAsUnknown(route.key, fixture, async (ids) => {
      const call = fixture.call(ids);
      return { sent: JSON.stringify(call), ...(await callRoute(route, call, credentials)) };
    });
    const ownCall = fixture.call(a.ids);
    if (route.access!.by === "key") {
      const asked = await callRoute(route, ownCall, { key: b.keys.admin, askProject: a.project.slug });
      expect(asked.status, `${route.key}: ${asked.text}`).toBe(403);
    } else {
      expect((await callRoute(route, ownCall, { key: b.keys.admin })).status, `${route.key} takes no API key`).toBe(401);
    }
  });

  it.each(Object.keys(openRoutes).filter((key) => !key.includes("nextauth")))("%s (open)", async (key) => {
    const route = routes.find((r) => r.key === key)!;
    const answer = await callRoute(route, {}, {});
    // The catch-all answers every path under /api/v1 that is no route, and only those: 404.
    expect(answer.status).toBe(key.includes("[...path]") ? 404 : 200);
    expectNothingOf(a, answer.text, "", key);
  });

  it.each(actions.filter((x) => x.access))("action $name", async (entry) => {
    const fixture = actionFixtures[entry.name]!;
    const caller = { password: b.users.admin.password };
    await expectAnsweredAsUnknown(entry.name, fixture, async (ids) => {
      const fields = fixture.form(ids, caller);
      const result = await callAction(entry, fields, b.users.admin.id, a.project.slug);
      const text = JSON.stringify(result);
      return { sent: JSON.stringify(fields), status: result.ok ? 200 : text.includes("Something went wrong") ? 500 : 400, text };
    });
  });

  it("left project A as it was", async () => {
    expect(await snapshotProject(db, a.project.id)).toBe(before);
  });
});

describe("this project's own callers, by role", () => {
  it.each(routes.filter((r) => r.access))("$key", async (route) => {
    const fixture = routeFixtures[route.key]!;
    const access = route.access!;
    const call = fixture.call(a.ids);
    const expectAllowed = (answer: Answer, isFirst: boolean, who: string) => {
      const where = `${route.key} as ${who}: ${answer.text}`;
      // The first caller the role allows succeeds; later ones may find the object already changed (409), never refused.
      if (isFirst) expect(Math.floor(answer.status / 100), where).toBe(2);
      expect([401, 403], where).not.toContain(answer.status);
      expect(answer.status, where).toBeLessThan(500);
      expectNothingOf(b, answer.text, "", `${route.key} as ${who}`);
    };
    expect((await callRoute(route, call, {})).status, `${route.key} anonymous`).toBe(401);
    if (access.by === "session") {
      const former = await callRoute(route, call, { userId: a.users.former.id, projectSlug: a.project.slug });
      expect(former.status, `${route.key} as a removed member: ${former.text}`).toBe(403);
      if (access.role !== "viewer") {
        const asViewer = await callRoute(route, call, { userId: twoRoles.id, projectSlug: a.project.slug });
        expect(asViewer.status, `${route.key} as B's admin, A's viewer: ${asViewer.text}`).toBe(403);
      }
      expect((await callRoute(route, call, { key: a.keys.admin })).status, `${route.key} with a key`).toBe(401);
      for (const role of roles) {
        const answer = await callRoute(route, call, { userId: a.users[role].id, projectSlug: a.project.slug });
        if (!hasRole(role, access.role)) expect(answer.status, `${route.key} as ${role}: ${answer.text}`).toBe(403);
        else expectAllowed(answer, role === lowestAllowed(access), role);
      }
    } else {
      expect((await callRoute(route, call, { userId: a.users.admin.id, projectSlug: a.project.slug })).status, `${route.key} with a session only`).toBe(401);
      expect((await callRoute(route, call, { key: `gh_${uniqueName("forged")}` })).status, `${route.key} with a forged key`).toBe(401);
      expect((await callRoute(route, call, { key: a.keys.revoked })).status, `${route.key} with a revoked key`).toBe(401);
      const byViewerKey = await callRoute(route, call, { key: a.keys.viewer });
      if (access.role === "viewer") expectAllowed(byViewerKey, true, "viewer's key");
      else expect(byViewerKey.status, `${route.key} with a viewer's key: ${byViewerKey.text}`).toBe(403);
      expectAllowed(await callRoute(route, call, { key: a.keys.admin, askProject: a.project.slug }), access.role !== "viewer", "admin's key");
    }
  });

  it.each(actions.filter((x) => x.access))("action $name", async (entry) => {
    const fixture = actionFixtures[entry.name]!;
    const access = entry.access!;
    const anonymous = await callAction(entry, fixture.form(a.ids, { password: "" }), "", "");
    expect(anonymous, entry.name).toEqual({ ok: false, error: "Sign in first" });
    const former = await callAction(entry, fixture.form(a.ids, a.users.former), a.users.former.id, a.project.slug);
    expect(former, `${entry.name} as a removed member`).toEqual({ ok: false, error: "You are not a member of any project" });
    if (access.role !== "viewer") {
      const asViewer = await callAction(entry, fixture.form(a.ids, twoRoles), twoRoles.id, a.project.slug);
      expect(asViewer, `${entry.name} as B's admin, A's viewer`).toEqual({ ok: false, error: `This needs the ${access.role} role; you are viewer` });
    }
    for (const role of roles) {
      const user = a.users[role];
      const result = await callAction(entry, fixture.form(a.ids, user), user.id, a.project.slug);
      const where = `${entry.name} as ${role}: ${JSON.stringify(result)}`;
      if (!hasRole(role, access.role)) expect(result, where).toEqual({ ok: false, error: `This needs the ${access.role} role; you are ${role}` });
      else if (role === lowestAllowed(access)) expect(result.ok, where).toBe(true);
      else expect(JSON.stringify(result), where).not.toMatch(/This needs the|Sign in first|Something went wrong/);
      expectNothingOf(b, JSON.stringify(result), "", where);
    }
  });
});
