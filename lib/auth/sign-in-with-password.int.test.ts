import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { hashPassword, passwordHashCost } from "./password";
import { addressPolicy, SignInThrottle } from "./sign-in-throttle";
import { signInWithPassword } from "./sign-in-with-password";

const db = getDb();
let project: { id: string };

beforeAll(async () => {
  project = await makeProject(db, "throttle");
});
afterAll(() => deleteProject(db, project.id));

function setup({ addressFreeAttempts = addressPolicy.freeAttempts } = {}) {
  const clock = { now: 1_000_000 };
  const lines: string[] = [];
  const throttle = new SignInThrottle({ now: () => clock.now, address: { ...addressPolicy, freeAttempts: addressFreeAttempts } });
  const attempt = (email: string, password: string, address = "192.0.2.1") =>
    signInWithPassword(db, { email, password, address, throttle, log: (line) => lines.push(line) });
  return { clock, lines, attempt };
}

describe("signInWithPassword", () => {
  it("refuses even the right password after 5 wrong ones in a row, until the backoff has passed", async () => {
    const user = await makeUser(db, { projectId: project.id, role: "viewer" });
    const { clock, lines, attempt } = setup();
    for (let i = 0; i < 5; i++) expect((await attempt(user.email, `wrong ${i}`)).user).toBeNull();

    const throttled = await attempt(user.email, user.password);
    expect(throttled).toEqual({ user: null, retryAfterMs: 1_000 });
    clock.now += 999;
    expect((await attempt(user.email, user.password)).user).toBeNull();

    clock.now += 1;
    expect((await attempt(user.email, user.password)).user).toMatchObject({ id: user.id });
    // A success starts the account afresh: five more tries before any wait.
    for (let i = 0; i < 4; i++) expect(await attempt(user.email, `wrong again ${i}`)).toEqual({ user: null });
    expect((await attempt(user.email, user.password)).user).toMatchObject({ id: user.id });

    expect(lines.filter((l) => l.startsWith("[auth] sign-in failed"))).toHaveLength(9);
    expect(lines.filter((l) => l.startsWith("[auth] sign-in throttled"))).toHaveLength(2);
  });

  it("answers a throttled attempt without checking the password (no bcrypt, no database read)", async () => {
    const user = await makeUser(db, { projectId: project.id, role: "viewer" });
    // A hash at the cost people's passwords get, so that a check of the password would show in the time.
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(user.password, passwordHashCost({ NODE_ENV: "production" })) } });
    const { attempt } = setup();
    for (let i = 0; i < 5; i++) await attempt(user.email, `wrong ${i}`);
    const started = performance.now();
    const refused = await Promise.all(Array.from({ length: 50 }, () => attempt(user.email, user.password)));
    const elapsedMs = performance.now() - started;
    expect(refused.every((r) => r.user === null && r.retryAfterMs === 1_000)).toBe(true);
    // One bcrypt check at cost 12 takes 0.2-1 s on these machines; 50 refusals take a few milliseconds.
    expect(elapsedMs).toBeLessThan(500);
  });

  it("throttles an address that guesses across accounts, and lets other addresses in", async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => makeUser(db, { projectId: project.id, role: "viewer" })));
    const { clock, attempt } = setup({ addressFreeAttempts: 8 });
    // 8 attempts from one address, spread over accounts so that no account is throttled.
    for (let i = 0; i < 8; i++) expect(await attempt(`nobody-${i}@example.test`, "guess", "198.51.100.7")).toEqual({ user: null });
    expect(await attempt(users[0]!.email, users[0]!.password, "198.51.100.7")).toEqual({ user: null, retryAfterMs: 1_000 });
    expect((await attempt(users[1]!.email, users[1]!.password, "198.51.100.8")).user).toMatchObject({ id: users[1]!.id });
    clock.now += 1_000;
    expect((await attempt(users[2]!.email, users[2]!.password, "198.51.100.7")).user).toMatchObject({ id: users[2]!.id });
  });

  it("refuses a disabled account with the right password", async () => {
    const user = await makeUser(db, { projectId: project.id, role: "viewer" });
    await db.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    const { attempt } = setup();
    expect(await attempt(user.email, user.password)).toEqual({ user: null });
  });
});
