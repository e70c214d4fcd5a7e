// What every HTTP route test needs: its own projects with an API key and members, a signed-in user
// for the session routes, and a route handler called with a real Request. A test file mocks
// next-auth (which does not load under vitest's Node ESM) with the two lines
//   vi.mock("./auth", () => import("./route-test").then(({ authMock }) => authMock));
//   vi.mock("./current-project", () => import("./route-test").then(({ currentProjectMock }) => currentProjectMock));
// (the second only for session routes); API-key routes never read the session.
// This module must not import lib/next/auth, or the mock would wait on itself.
import { NextRequest } from "next/server";
import { afterAll, beforeAll, expect } from "vitest";
import { createApiKey } from "../api-keys/create-api-key";
import { systemActor } from "../audit/record-audit-event";
import type { Role } from "../auth/roles";
import { getDb } from "../db/client";
import { deleteProject, makeProject, makeUser } from "../testing/factories";

/** Who the session routes see as signed in, and in which project; nobody until signIn. */
export const signedIn = { userId: "", projectSlug: "" };

/** Signs a user in for the session routes called next (an empty id signs out). */
export function signIn(userId: string, projectSlug = signedIn.projectSlug) {
  Object.assign(signedIn, { userId, projectSlug });
}

export const authMock = { auth: async () => (signedIn.userId ? { user: { id: signedIn.userId } } : null) };
export const currentProjectMock = { currentProjectSlug: async () => signedIn.projectSlug };

export type Member = { id: string; email: string };
export type RouteTestProject<R extends Role> = { id: string; slug: string; key: string; members: Record<R, Member> };

/**
 * Projects of the test file's own, uniquely named from `labels`, each with an API key (made by the
 * system) and one member of each role in `members`; made before the file's tests and deleted after
 * them (the members too). The objects are filled in beforeAll, so destructure them at the top of the file.
 */
export function routeTestProjects<const L extends readonly string[], R extends Role = never>(
  labels: L,
  { members = [], signedInAs }: { members?: R[]; /** Signs this member of the first project in to it for the session routes and actions. */ signedInAs?: NoInfer<R> } = {},
): { [K in keyof L]: RouteTestProject<R> } {
  const db = getDb();
  const projects = labels.map(() => ({ members: {} }) as RouteTestProject<R>);
  beforeAll(async () => {
    await Promise.all(
      labels.map(async (label, index) => {
        const project = await makeProject(db, label);
        const [{ key }, ...users] = await Promise.all([
          createApiKey(db, { projectId: project.id, name: label, actor: systemActor }),
          ...members.map((role) => makeUser(db, { projectId: project.id, role })),
        ]);
        Object.assign(projects[index]!, { id: project.id, slug: project.slug, key, members: Object.fromEntries(members.map((role, i) => [role, users[i]!])) });
      }),
    );
    if (signedInAs) signIn(projects[0]!.members[signedInAs].id, projects[0]!.slug);
  });
  afterAll(async () => {
    await Promise.all(projects.map(({ id }) => (id ? deleteProject(db, id) : undefined)));
    await db.user.deleteMany({ where: { id: { in: projects.flatMap(({ members: made }) => Object.values<Member>(made).map(({ id }) => id)) } } });
  });
  return projects as { [K in keyof L]: RouteTestProject<R> };
}

/** An API key of the project that acts in the member's name, with the member's role. */
export async function keyActingAs(projectId: string, member: Member, name = "script"): Promise<string> {
  return (await createApiKey(getDb(), { projectId, name, actor: { userId: member.id, label: member.email } })).key;
}

export type RouteHandler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type RouteCall = {
  /** GET without a body, POST with one, unless named. */
  method?: string;
  /** Sent as `Authorization: Bearer KEY`; none when left out or null. */
  key?: string | null;
  /** A string, bytes, a File or a stream as they are; anything else as JSON. */
  body?: unknown;
  /** Added after the defaults (`content-type: application/json` with a body), so they win. */
  headers?: Record<string, string>;
  /** The route's dynamic segments ([id]). */
  params?: Record<string, string>;
};

function isBodyInit(body: unknown): body is BodyInit {
  return typeof body === "string" || body instanceof Uint8Array || body instanceof ArrayBuffer || body instanceof Blob || body instanceof ReadableStream || body instanceof FormData || body instanceof URLSearchParams;
}

/** Calls a route handler as Next.js would, with a Request to http://localhost + `path`. */
export function callRoute(handler: RouteHandler, path: string, { method, key, body, headers = {}, params = {} }: RouteCall = {}): Promise<Response> {
  const request = new NextRequest(`http://localhost${path}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : isBodyInit(body) ? body : JSON.stringify(body),
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  });
  return handler(request, { params: Promise.resolve(params) });
}

/** The answer's status and JSON body, for one assertion over both. */
export async function statusAndJson(response: Response): Promise<{ status: number; body: Awaited<ReturnType<Response["json"]>> }> {
  return { status: response.status, body: await response.json() };
}

/** The JSON of an answer that must have succeeded; a failure shows the answer's body. */
export async function expectOkJson(response: Response): Promise<Awaited<ReturnType<Response["json"]>>> {
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text);
}

/** The FormData a form with these fields posts to a server action. */
export function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}
