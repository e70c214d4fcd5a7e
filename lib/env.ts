import { z } from "zod";
import { defaultDatabaseUrl } from "./db/database-url";

/** Every environment variable Goodhart reads, parsed once. .env.example documents each. */
const envSchema = z.object({
  DATABASE_URL: z.string().trim().min(1).default(defaultDatabaseUrl),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  AUTH_SECRET: z.string().min(16).optional(),
  GOODHART_DATA_DIR: z.string().default("./data"),
  GOODHART_ADMIN_EMAIL: z.email().optional(),
  GOODHART_ADMIN_PASSWORD: z.string().min(8).optional(),
  GOODHART_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  GOODHART_JOB_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
});
export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (source === process.env && cached) return cached;
  const blankAsUnset = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  if (source === process.env) cached = parsed.data;
  return parsed.data;
}
