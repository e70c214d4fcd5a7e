import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { userAuthority } from "@/lib/accounts/account-authority";
import { setAccountDisabled } from "@/lib/accounts/set-account-disabled";
import { systemActor } from "@/lib/audit/record-audit-event";
import { changePassword } from "@/lib/auth/change-password";
import { endAllSessions } from "@/lib/auth/end-sessions";
import { SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { getDb } from "@/lib/db/client";
import { findCurrentMembership } from "@/lib/members/find-membership";
import { removeMember } from "@/lib/members/remove-member";
import { deleteProject, makeProject, makeUser } from "@/lib/testing/factories";

// The real next-auth route handlers: sign in with a form post as the login page does, then read
// the session with the cookie, as every page, route and server action does through auth().
const base = "http://localhost";
const db = getDb();
let project: { id: string; slug: string };
let admin: Awaited<ReturnType<typeof makeUser>>;
let addressCounter = 0;
// Each sign-in comes from an address of its own, so the process-wide throttle never interferes.
const nextAddress = () => `10.20.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

beforeAll(async () => {
  project = await makeProject(db, "sessions");
  admin = await makeUser(db, { projectId: project.id, role: "admin" });
});
afterAll(async () => {
  await deleteProject(db, project.id);
});

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

async function csrf(address: string) {
  const response = await GET(new NextRequest(`${base}/api/auth/csrf`, { headers: { "x-forwarded-for": address } }));
  return { token: (await response.json()).csrfToken as string, cookie: cookiesOf(response).join("; ") };
}

async function postForm(action: string[], fields: Record<string, string>, cookie: string, address: string) {
  return POST(
    new NextRequest(`${base}/api/auth/${action.join("/")}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": address },
      body: new URLSearchParams(fields),
    }),
  );
}

/** Signs in; the session cookie on success, else the error code next-auth put in its redirect. */
async function signIn(email: string, password: string, address = nextAddress()): Promise<{ cookie: string } | { error: string }> {
  const { token, cookie } = await csrf(address);
  const response = await postForm(["callback", "credentials"], { csrfToken: token, email, password }, cookie, address);
  const session = cookiesOf(response).find((c) => c.startsWith("authjs.session-token="));
  if (session) return { cookie: session };
  const location = new URL(response.headers.get("location") ?? `${base}/?error=none`);
  return { error: location.searchParams.get("code") ?? location.searchParams.get("error") ?? "none" };
}

async function signedInCookie(email: string, password: string) {
  const result = await signIn(email, password);
  if (!("cookie" in result)) throw new Error(`sign-in of ${email} failed: ${result.error}`);
  return result.cookie;
}

/** Who the cookie signs in as, as the server sees it (null: no session). */
async function sessionUserId(cookie: string): Promise<string | null> {
  const response = await GET(new NextRequest(`${base}/api/auth/session`, { headers: { cookie } }));
  const body = await response.json();
  return body?.user?.id ?? null;
}

async function signOut(cookie: string) {
  const address = nextAddress();
  const { token, cookie: csrfCookie } = await csrf(address);
  return postForm(["signout"], { csrfToken: token }, `${csrfCookie}; ${cookie}`, address);
}

describe("sessions end at once", () => {
  it("a copied session cookie stops working after sign-out, on every device", async () => {
    const user = await makeUser(db, { projectId: project.id, role: "reviewer" });
    const cookie = await signedInCookie(user.email, user.password);
    const otherDevice = await signedInCookie(user.email, user.password);
    expect(await sessionUserId(cookie)).toBe(user.id);
    const copied = cookie;

    const response = await signOut(cookie);
    expect(response.status).toBe(302);
    expect(await sessionUserId(copied)).toBeNull();
    expect(await sessionUserId(otherDevice)).toBeNull();
    expect(await db.auditEvent.count({ where: { action: "user.sign_out", subjectId: user.id } })).toBe(1);

    // A stale cookie cannot sign the user out again (and so end their new session).
    const fresh = await signedInCookie(user.email, user.password);
    await signOut(copied);
    expect(await sessionUserId(fresh)).toBe(user.id);
  });

  it("after a password change: the old cookie fails, the old password fails, the new one works", async () => {
    const user = await makeUser(db, { projectId: project.id, role: "viewer" });
    const cookie = await signedInCookie(user.email, user.password);
    const throttle = new SignInThrottle();
    await expect(
      changePassword(db, {
        userId: user.id,
        input: { currentPassword: "not my password", newPassword: "a brand new password" },
        address: "10.99.0.1",
        throttle,
        actor: systemActor,
      }),
    ).rejects.toMatchObject({ code: "bad_request" });
    expect(await sessionUserId(cookie)).toBe(user.id);

    await changePassword(db, {
      userId: user.id,
      input: { currentPassword: user.password, newPassword: "a brand new password" },
      address: "10.99.0.1",
      throttle,
      projectId: project.id,
      actor: { userId: user.id, label: user.email },
    });
    expect(await sessionUserId(cookie)).toBeNull();
    expect(await signIn(user.email, user.password)).toEqual({ error: "credentials" });
    expect(await sessionUserId(await signedInCookie(user.email, "a brand new password"))).toBe(user.id);
    expect(await db.auditEvent.count({ where: { projectId: project.id, action: "user.password_change", subjectId: user.id } })).toBe(1);
  });

  it("not at removal from one project: the session goes on in the user's other projects; the last admin cannot be removed", async () => {
    const other = await makeProject(db, "sessions-other");
    const user = await makeUser(db, { projectId: project.id, role: "reviewer" });
    await db.member.create({ data: { projectId: other.id, userId: user.id, role: "viewer" } });
    const cookie = await signedInCookie(user.email, user.password);
    await removeMember(db, { projectId: project.id, userId: user.id, actor: { userId: admin.id, label: admin.email } });
    expect(await sessionUserId(cookie)).toBe(user.id);
    expect(await findCurrentMembership(db, { userId: user.id, preferredSlug: project.slug })).toMatchObject({ projectId: other.id, role: "viewer" });
    await deleteProject(db, other.id);
    expect(await db.member.count({ where: { projectId: project.id, userId: user.id } })).toBe(0);
    expect(await db.auditEvent.findFirst({ where: { projectId: project.id, action: "member.remove", subjectId: user.id } })).toMatchObject({
      actorId: admin.id,
    });
    await expect(removeMember(db, { projectId: project.id, userId: admin.id, actor: systemActor })).rejects.toMatchObject({ code: "conflict" });
  });

  it("after an instance admin disables the user, who then cannot sign in until enabled again", async () => {
    const user = await makeUser(db, { projectId: project.id, role: "reviewer" });
    const cookie = await signedInCookie(user.email, user.password);
    const authority = userAuthority({ userId: admin.id, label: admin.email });
    await db.user.update({ where: { id: admin.id }, data: { isInstanceAdmin: true } });
    await setAccountDisabled(db, { userId: user.id, isDisabled: true, authority });
    expect(await sessionUserId(cookie)).toBeNull();
    expect(await signIn(user.email, user.password)).toEqual({ error: "credentials" });

    await setAccountDisabled(db, { userId: user.id, isDisabled: false, authority });
    expect(await sessionUserId(await signedInCookie(user.email, user.password))).toBe(user.id);
    expect(await db.auditEvent.count({ where: { actorId: admin.id, action: { in: ["user.disable", "user.enable"] }, subjectId: user.id } })).toBe(2);
    await expect(setAccountDisabled(db, { userId: admin.id, isDisabled: true, authority })).rejects.toMatchObject({ code: "conflict" });
  });

  it("ends all sessions of the user on request", async () => {
    const user = await makeUser(db, { projectId: project.id, role: "viewer" });
    const [one, two] = [await signedInCookie(user.email, user.password), await signedInCookie(user.email, user.password)];
    await endAllSessions(db, { userId: user.id, projectId: project.id, actor: { userId: user.id, label: user.email } });
    expect(await sessionUserId(one)).toBeNull();
    expect(await sessionUserId(two)).toBeNull();
  });
});

describe("sign-in through next-auth's credentials endpoint", () => {
  it("counts case and whitespace variants of an email as one account at an address, and keeps it open to its owner at another", async () => {
    const user = await makeUser(db, { projectId: project.id, role: "viewer" });
    const global = globalThis as unknown as { goodhartSignInThrottle?: SignInThrottle };
    const realThrottle = global.goodhartSignInThrottle;
    global.goodhartSignInThrottle = new SignInThrottle({ now: () => 2_000_000 });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const upper = user.email.toUpperCase();
    const variants = [` ${user.email}`, `${upper} `, `\t${user.email.replace(/^./, (c) => c.toUpperCase())}`, `  ${upper}\n`, user.email];
    try {
      const guesser = nextAddress();
      for (const [i, variant] of variants.entries()) expect(await signIn(variant, `wrong password ${i}`, guesser), JSON.stringify(variant)).toEqual({ error: "credentials" });
      for (const variant of [user.email, ` ${upper} `]) expect(await signIn(variant, user.password, guesser)).toEqual({ error: "throttled" });
      // Someone who knows the email cannot keep its owner out: from the owner's own address the right password works.
      expect(await signIn(user.email, user.password)).toHaveProperty("cookie");
    } finally {
      warn.mockRestore();
      global.goodhartSignInThrottle = realThrottle;
    }
  });

  it("refuses even the right password after repeated failures, and logs each refusal in one line", async () => {
    const user = await makeUser(db, { projectId: project.id, role: "viewer" });
    // The process-wide throttle the credentials provider uses, on a clock that stands still: a
    // wrong password takes bcrypt's time, which must not count towards the wait.
    const global = globalThis as unknown as { goodhartSignInThrottle?: SignInThrottle };
    const realThrottle = global.goodhartSignInThrottle;
    global.goodhartSignInThrottle = new SignInThrottle({ now: () => 1_000_000 });
    const lines: string[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation((...args) => void lines.push(args.join(" ")));
    const error = vi.spyOn(console, "error").mockImplementation((...args) => void lines.push(args.join(" ")));
    try {
      const address = nextAddress();
      for (let i = 0; i < 5; i++) expect(await signIn(user.email, `wrong password ${i}`, address)).toEqual({ error: "credentials" });
      expect(await signIn(user.email, user.password, address)).toEqual({ error: "throttled" });
    } finally {
      warn.mockRestore();
      error.mockRestore();
      global.goodhartSignInThrottle = realThrottle;
    }
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      expect(line).not.toContain("\n");
      expect(line).not.toContain(user.email);
    }
    expect(lines.filter((l) => l.startsWith("[auth] sign-in failed"))).toHaveLength(5);
    expect(lines[5]).toMatch(/^\[auth\] sign-in throttled: account [0-9a-f]{12}, address [\d.]+, by account, retry in 1 s$/);
  });
});
