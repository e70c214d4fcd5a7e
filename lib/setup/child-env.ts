/** Passwords only the first start's bootstrap (or the CLI's `user create`) reads. */
const adminSecrets = ["GOODHART_ADMIN_PASSWORD", "GOODHART_PASSWORD"];

/**
 * The environment of the web server and the worker `npm start` runs: this process's, without the
 * admin passwords, so nothing running there (an llm judge naming a variable, a crash dump) can read them.
 */
export function childProcessEnv<Env extends Record<string, string | undefined>>(source: Env, overrides: Record<string, string>): Env {
  const inherited = Object.fromEntries(Object.entries(source).filter(([name]) => !adminSecrets.includes(name)));
  return { ...inherited, ...overrides } as Env;
}
