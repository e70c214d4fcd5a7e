/**
 * Sign-in throttling per account at an address and per client address, with exponential backoff,
 * held in the web server's memory. The account's count is kept per address: counted for the account
 * alone, anyone who knows an address could keep its owner (the only admin, say) locked out with one
 * wrong password each time the wait ends; an address that tries many accounts is held by its own count. An attempt is counted before the password is checked, so parallel guesses
 * are held back too, and a throttled attempt is answered without running bcrypt.
 */
export type ThrottlePolicy = {
  /** Attempts allowed before the first wait. */
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key with no attempt for this long starts afresh. */
  forgetAfterMs: number;
};

export const accountPolicy: ThrottlePolicy = { freeAttempts: 5, baseDelayMs: 1_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };
// Higher: many people may share one address (an office, a VPN).
export const addressPolicy: ThrottlePolicy = { freeAttempts: 30, baseDelayMs: 1_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };

type Entry = { attempts: number; blockedUntil: number; lastAttemptAt: number };
export type ThrottleKeys = { account: string; address: string };
export type ThrottleDecision = { isAllowed: true } | { isAllowed: false; retryAfterMs: number; by: "account" | "address" };

export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly policies: Record<keyof ThrottleKeys, ThrottlePolicy>;

  constructor({
    now = Date.now,
    maxEntries = 100_000,
    account = accountPolicy,
    address = addressPolicy,
  }: { now?: () => number; maxEntries?: number; account?: ThrottlePolicy; address?: ThrottlePolicy } = {}) {
    this.now = now;
    this.maxEntries = maxEntries;
    this.policies = { account, address };
  }

  /** Counts an attempt, or refuses it while either key waits out its backoff. */
  begin(keys: ThrottleKeys): ThrottleDecision {
    const now = this.now();
    for (const by of ["account", "address"] as const) {
      const entry = this.read(keyOf(by, keys), now);
      if (entry && entry.blockedUntil > now) return { isAllowed: false, retryAfterMs: entry.blockedUntil - now, by };
    }
    for (const by of ["account", "address"] as const) this.count(keyOf(by, keys), this.policies[by], now);
    return { isAllowed: true };
  }

  /** The password was wrong: the wait runs from now, when the (slow) check ended, not from its start. */
  failed(keys: ThrottleKeys) {
    const now = this.now();
    for (const by of ["account", "address"] as const) {
      const entry = this.entries.get(keyOf(by, keys));
      if (entry) this.block(entry, this.policies[by], now);
    }
  }

  /** The password was right: the account starts afresh; the address only gets this attempt back. */
  succeeded(keys: ThrottleKeys) {
    this.entries.delete(keyOf("account", keys));
    const address = this.entries.get(keyOf("address", keys));
    if (address) address.attempts = Math.max(0, address.attempts - 1);
  }

  private read(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    const policy = this.policies[key.startsWith("account:") ? "account" : "address"];
    if (entry && now - entry.lastAttemptAt > policy.forgetAfterMs && entry.blockedUntil <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private block(entry: Entry, policy: ThrottlePolicy, now: number) {
    const over = entry.attempts - policy.freeAttempts;
    if (over >= 0) entry.blockedUntil = Math.max(entry.blockedUntil, now + Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(over, 30)));
  }

  private count(key: string, policy: ThrottlePolicy, now: number) {
    const entry = this.read(key, now) ?? { attempts: 0, blockedUntil: 0, lastAttemptAt: now };
    entry.attempts += 1;
    entry.lastAttemptAt = now;
    this.block(entry, policy, now);
    // Re-inserting keeps the Map in least-recently-used order, so the oldest key goes first when full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

// JSON keeps the two parts apart whatever either holds.
const keyOf = (by: keyof ThrottleKeys, keys: ThrottleKeys) => (by === "account" ? `account:${JSON.stringify([keys.account, keys.address])}` : `address:${keys.address}`);

const globalForThrottle = globalThis as unknown as { goodhartSignInThrottle?: SignInThrottle };

/** The process-wide throttle (on globalThis: Next may load this module once per route bundle). */
export function signInThrottle(): SignInThrottle {
  globalForThrottle.goodhartSignInThrottle ??= new SignInThrottle();
  return globalForThrottle.goodhartSignInThrottle;
}
