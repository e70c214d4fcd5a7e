import { readJudgeEndpointEnv, type JudgeEndpointEnv } from "../env";
import { AppError } from "../errors/app-error";
import type { LlmJudgeConfig } from "./judge-config-schema";

/**
 * Where an llm judge may send requests and which key goes with them is the operator's decision,
 * not a project admin's: a judge names a key variable and a base URL, and both must be on the
 * operator's lists (GOODHART_JUDGE_KEY_ENVS, GOODHART_JUDGE_BASE_URLS), and the key must be bound to
 * that base URL (vendor defaults, GOODHART_JUDGE_KEY_HOSTS). Checked when a config is
 * saved and again before every call, so a config stored before these rules cannot leak a secret.
 */

const openAiDefaultUrl = "https://api.openai.com/v1";
const anthropicDefaultUrl = "https://api.anthropic.com";
const vendorOrigins = [new URL(openAiDefaultUrl).origin, new URL(anthropicDefaultUrl).origin];

/** Server secrets no judge may name, whatever the allow-list says. */
const neverKeys = (name: string) => name === "AUTH_SECRET" || name === "DATABASE_URL" || name.startsWith("GOODHART_");

export type EndpointProblem = { path: "apiKeyEnv" | "baseUrl"; message: string };
export type JudgeEndpoint = { baseURL: string; keyEnv: string | null };

/** The endpoint a config talks to: its own base URL, else OPENAI_BASE_URL (OpenAI-compatible only), else the vendor's. */
export function resolveEndpoint(config: LlmJudgeConfig, env: JudgeEndpointEnv = readJudgeEndpointEnv()): string {
  if (config.baseUrl) return config.baseUrl;
  if (config.provider === "anthropic") return anthropicDefaultUrl;
  return env.OPENAI_BASE_URL || openAiDefaultUrl;
}

/**
 * The origins a key variable may be sent to: the vendor's own for its key (and OPENAI_BASE_URL's
 * for OPENAI_API_KEY), plus the operator's bindings (GOODHART_JUDGE_KEY_HOSTS). Any other key is
 * bound nowhere until the operator binds it, so one tenant's admin cannot send another's key to a
 * server they control, even one on the allowed list.
 */
function keyOrigins(name: string, env: JudgeEndpointEnv): string[] {
  const bound = (env.GOODHART_JUDGE_KEY_HOSTS ?? []).flatMap((binding) => {
    const at = binding.indexOf("=");
    return binding.slice(0, at) === name ? [new URL(binding.slice(at + 1)).origin] : [];
  });
  if (name === "OPENAI_API_KEY") return [new URL(openAiDefaultUrl).origin, ...(env.OPENAI_BASE_URL ? [new URL(env.OPENAI_BASE_URL).origin] : []), ...bound];
  if (name === "ANTHROPIC_API_KEY") return [new URL(anthropicDefaultUrl).origin, ...bound];
  return bound;
}

function allowedOrigins(env: JudgeEndpointEnv): string[] {
  const listed = env.GOODHART_JUDGE_BASE_URLS?.map((url) => new URL(url).origin) ?? vendorOrigins;
  return [...listed, ...(env.OPENAI_BASE_URL ? [new URL(env.OPENAI_BASE_URL).origin] : [])];
}

function isAllowedKeyName(name: string, env: JudgeEndpointEnv): boolean {
  if (neverKeys(name)) return false;
  return env.GOODHART_JUDGE_KEY_ENVS ? env.GOODHART_JUDGE_KEY_ENVS.includes(name) : name.endsWith("_API_KEY");
}

/** What is wrong with a config's endpoint and key under the operator's rules (empty: nothing). */
export function checkJudgeEndpoint(config: LlmJudgeConfig, env: JudgeEndpointEnv = readJudgeEndpointEnv()): { endpoint: JudgeEndpoint; problems: EndpointProblem[] } {
  const baseURL = resolveEndpoint(config, env);
  const url = new URL(baseURL);
  const problems: EndpointProblem[] = [];
  if (config.baseUrl && (url.username || url.password)) problems.push({ path: "baseUrl", message: "baseUrl must not carry a user name or password" });
  else if (config.baseUrl && !allowedOrigins(env).includes(url.origin))
    problems.push({ path: "baseUrl", message: `baseUrl ${url.origin} is not a judge endpoint the operator allows (GOODHART_JUDGE_BASE_URLS)` });

  const vendorKey = config.provider === "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
  // Without a named key, the vendor's key goes only to its own endpoints; a self-hosted server gets none.
  const keyEnv = config.apiKeyEnv ?? (keyOrigins(vendorKey, env).includes(url.origin) ? vendorKey : null);
  if (config.apiKeyEnv && !isAllowedKeyName(config.apiKeyEnv, env)) {
    const rule = env.GOODHART_JUDGE_KEY_ENVS ? "listed in GOODHART_JUDGE_KEY_ENVS" : "a name ending in _API_KEY";
    problems.push({ path: "apiKeyEnv", message: `apiKeyEnv ${config.apiKeyEnv} is not a key variable the operator allows (${rule}, never AUTH_SECRET, DATABASE_URL or GOODHART_*)` });
  } else if (config.apiKeyEnv) {
    const origins = keyOrigins(config.apiKeyEnv, env);
    if (origins.length === 0) {
      problems.push({ path: "apiKeyEnv", message: `apiKeyEnv ${config.apiKeyEnv} is bound to no endpoint; the operator binds it with GOODHART_JUDGE_KEY_HOSTS=${config.apiKeyEnv}=URL` });
    } else if (!origins.includes(url.origin)) {
      problems.push({ path: "apiKeyEnv", message: `apiKeyEnv ${config.apiKeyEnv} is only sent to ${origins.join(" or ")}, not to ${url.origin}` });
    }
  }
  return { endpoint: { baseURL, keyEnv }, problems };
}

/** At save time: a config the operator's rules refuse is a 400 naming the field. */
export function assertJudgeEndpointAllowed(config: LlmJudgeConfig, env?: JudgeEndpointEnv): void {
  const { problems } = checkJudgeEndpoint(config, env);
  if (problems.length) throw new AppError("bad_request", problems.map((problem) => problem.message).join("; "), problems);
}

/** At call time: the endpoint and key variable, or an error before any request is made. */
export function allowedJudgeEndpoint(config: LlmJudgeConfig, env?: JudgeEndpointEnv): JudgeEndpoint {
  const { endpoint, problems } = checkJudgeEndpoint(config, env);
  if (problems.length) throw new Error(`judge endpoint refused: ${problems.map((problem) => problem.message).join("; ")}`);
  return endpoint;
}

/** The vendors' own APIs refuse a request without a key; self-hosted servers take any. */
export function isVendorEndpoint(baseURL: string): boolean {
  return vendorOrigins.includes(new URL(baseURL).origin);
}
