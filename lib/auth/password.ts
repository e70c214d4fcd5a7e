import bcrypt from "bcryptjs";

export const minPasswordLength = 8;

/**
 * bcrypt's work factor (each step doubles the work of a guess): 12 for people's passwords. Under
 * NODE_ENV=test, which vitest sets and the CLI and `npm start` processes the tests spawn inherit, it
 * is 4, bcrypt's least: the suite makes hundreds of users, and at 12 (0.6-0.9 s of CPU each on a CI
 * machine) their hashes were about half the time of the test files that make them (Devise and Django
 * lower it in tests for the same reason). A hash records its cost, so either kind verifies.
 */
export function passwordHashCost({ NODE_ENV }: { NODE_ENV?: string } = process.env): number {
  return NODE_ENV === "test" ? 4 : 12;
}

export async function hashPassword(password: string, cost = passwordHashCost()): Promise<string> {
  return bcrypt.hash(password, cost);
}

/** The cost a bcrypt hash was made with. */
export function hashCostOf(hash: string): number {
  return bcrypt.getRounds(hash);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
