import { describe, expect, it } from "vitest";
import { SignInThrottle, type ThrottlePolicy } from "./sign-in-throttle";

const policy: ThrottlePolicy = { freeAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 8_000, forgetAfterMs: 60_000 };
const wide: ThrottlePolicy = { ...policy, freeAttempts: 1_000 };

function setup(address: ThrottlePolicy = wide) {
  const clock = { now: 0 };
  const throttle = new SignInThrottle({ now: () => clock.now, account: policy, address });
  return { clock, throttle };
}

describe("SignInThrottle", () => {
  it("lets the free attempts through, then doubles the wait on each further failure up to the cap", () => {
    const { clock, throttle } = setup();
    const keys = { account: "a@example.test", address: "10.0.0.1" };
    for (let i = 0; i < 2; i++) expect(throttle.begin(keys)).toEqual({ isAllowed: true });
    // The third attempt is allowed but starts the backoff: 1 s.
    expect(throttle.begin(keys)).toEqual({ isAllowed: true });
    expect(throttle.begin(keys)).toEqual({ isAllowed: false, retryAfterMs: 1_000, by: "account" });
    clock.now += 999;
    expect(throttle.begin(keys).isAllowed).toBe(false);
    clock.now += 1;
    expect(throttle.begin(keys)).toEqual({ isAllowed: true });
    expect(throttle.begin(keys)).toEqual({ isAllowed: false, retryAfterMs: 2_000, by: "account" });
    for (const wait of [2_000, 4_000, 8_000, 8_000]) {
      clock.now += wait;
      expect(throttle.begin(keys).isAllowed).toBe(true);
      const refused = throttle.begin(keys);
      expect(refused.isAllowed).toBe(false);
      if (!refused.isAllowed) expect(refused.retryAfterMs).toBe(Math.min(wait * 2, 8_000));
    }
  });

  it("runs the wait from the end of a failed check, which may take a while", () => {
    const { clock, throttle } = setup();
    const keys = { account: "g@example.test", address: "10.0.0.9" };
    for (let i = 0; i < 3; i++) throttle.begin(keys);
    clock.now += 700;
    throttle.failed(keys);
    clock.now += 999;
    expect(throttle.begin(keys)).toEqual({ isAllowed: false, retryAfterMs: 1, by: "account" });
    clock.now += 1;
    expect(throttle.begin(keys).isAllowed).toBe(true);
  });

  it("counts attempts before the password is checked, so parallel guesses are held back too", () => {
    const { throttle } = setup();
    const keys = { account: "b@example.test", address: "10.0.0.2" };
    const decisions = Array.from({ length: 100 }, () => throttle.begin(keys));
    expect(decisions.filter((d) => d.isAllowed)).toHaveLength(3);
  });

  it("starts an account afresh after a right password, and forgets keys left alone long enough", () => {
    const { clock, throttle } = setup();
    const keys = { account: "c@example.test", address: "10.0.0.3" };
    throttle.begin(keys);
    throttle.begin(keys);
    throttle.succeeded(keys);
    for (let i = 0; i < 3; i++) expect(throttle.begin(keys).isAllowed).toBe(true);
    clock.now += 1_000 + 60_001;
    for (let i = 0; i < 3; i++) expect(throttle.begin(keys).isAllowed).toBe(true);
    expect(throttle.begin(keys).isAllowed).toBe(false);
  });

  it("throttles an address that tries many accounts, whatever the account", () => {
    const { throttle } = setup({ ...policy, freeAttempts: 5 });
    const decisions = Array.from({ length: 6 }, (_, i) => throttle.begin({ account: `user${i}@example.test`, address: "10.0.0.4" }));
    expect(decisions.slice(0, 5).every((d) => d.isAllowed)).toBe(true);
    expect(decisions[5]).toEqual({ isAllowed: false, retryAfterMs: 1_000, by: "address" });
    expect(throttle.begin({ account: "user0@example.test", address: "10.0.0.5" }).isAllowed).toBe(true);
  });

  it("holds an account guessed at from one address there, not at its owner's address", () => {
    const { throttle } = setup();
    const attacker = { account: "admin@example.test", address: "10.0.0.10" };
    for (let i = 0; i < policy.freeAttempts; i += 1) {
      expect(throttle.begin(attacker).isAllowed).toBe(true);
      throttle.failed(attacker);
    }
    expect(throttle.begin(attacker)).toMatchObject({ isAllowed: false, by: "account" });
    expect(throttle.begin({ account: "admin@example.test", address: "10.0.0.11" }).isAllowed).toBe(true);
  });

  it("keeps at most maxEntries keys, dropping the least recently used", () => {
    const clock = { now: 0 };
    const throttle = new SignInThrottle({ now: () => clock.now, account: policy, address: wide, maxEntries: 4 });
    const blocked = { account: "d@example.test", address: "10.0.0.6" };
    for (let i = 0; i < 3; i++) throttle.begin(blocked);
    expect(throttle.begin(blocked).isAllowed).toBe(false);
    // Two more pairs of keys push out the blocked account (the oldest).
    throttle.begin({ account: "e@example.test", address: "10.0.0.7" });
    throttle.begin({ account: "f@example.test", address: "10.0.0.8" });
    expect(throttle.begin(blocked).isAllowed).toBe(true);
  });
});
