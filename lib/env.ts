import { z } from "zod";
import { defaultDatabaseUrl } from "./db/database-url";

const commaList = z.string().transform((value) => value.split(",").map((entry) => entry.trim()).filter(Boolean));

/**
 * The operator's say over llm judges (lib/judges/judge-endpoint-policy.ts): which environment
 * variables a judge may name as its key, and which origins a judge's baseUrl may point at.
 */
const judgeEndpointFields = {
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  GOODHART_JUDGE_KEY_ENVS: commaList.pipe(z.array(z.string().regex(/^[A-Z_][A-Z0-9_]*$/, "comma-separated environment variable names"))).optional(),
  /** Which key variable goes to which endpoint: "NAME=URL" entries; a key bound nowhere is sent nowhere (vendor keys have their vendor's built in). */
  GOODHART_JUDGE_KEY_HOSTS: commaList
    .pipe(z.array(z.string().regex(/^[A-Z_][A-Z0-9_]*=https?:\/\/[^\s=]+$/, "comma-separated NAME=URL bindings such as GEMINI_API_KEY=https://generativelanguage.googleapis.com")))
    .optional(),
  GOODHART_JUDGE_BASE_URLS: commaList.pipe(z.array(z.url({ protocol: /^https?$/, error: "comma-separated http(s) origins such as http://127.0.0.1:8000" }))).optional(),
};

/** Every environment variable Goodhart reads, parsed once. .env.example documents each. */
const envSchema = z.object({
  ...judgeEndpointFields,
  DATABASE_URL: z.string().trim().min(1).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** When set, npm start also serves the reward API from a lean node:http process on this port (lib/reward/reward-server.ts). */
  GOODHART_REWARD_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  AUTH_SECRET: z.string().min(16).optional(),
  GOODHART_DATA_DIR: z.string().default("./data"),
  GOODHART_ADMIN_EMAIL: z.email().optional(),
  GOODHART_ADMIN_PASSWORD: z.string().min(8).optional(),
  GOODHART_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  GOODHART_JOB_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Proxies whose X-Forwarded-For is believed (their exact IP addresses); none by default. */
  GOODHART_TRUSTED_PROXIES: commaList.pipe(z.array(z.union([z.ipv4(), z.ipv6()], { error: "comma-separated IP addresses of your reverse proxies, such as 10.0.0.2" }))).optional(),
  GOODHART_BODY_IDLE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  OPENAI_API_KEY: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
}).transform((env) => ({ ...env, DATABASE_URL: env.DATABASE_URL ?? defaultDatabaseUrl(env.GOODHART_DATA_DIR) }));
export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (source === process.env && cached) return cached;
  const parsed = parseEnv(envSchema, source);
  if (source === process.env) cached = parsed;
  return parsed;
}

const judgeEndpointEnvSchema = z.object(judgeEndpointFields);
export type JudgeEndpointEnv = z.infer<typeof judgeEndpointEnvSchema>;

/** Read on every call, not cached: a judge call must see the operator's settings as they are now. */
export function readJudgeEndpointEnv(source: Record<string, string | undefined> = process.env): JudgeEndpointEnv {
  return parseEnv(judgeEndpointEnvSchema, source);
}

function parseEnv<T>(schema: z.ZodType<T>, source: Record<string, string | undefined>): T {
  const blankAsUnset = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}
