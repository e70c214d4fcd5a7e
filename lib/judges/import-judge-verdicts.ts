import { z } from "zod";
import { recordAuditEvent, systemActor, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { canonicalJson } from "../traces/hash-trace";
import type { JudgeLabel } from "./consensus";

/**
 * A tau2-bench judge_viewer summary (`<domain>-multi-judge-full.json.summary_<prompt>_v1.json`):
 * one judge prompt's verdicts on the simulations of a tau2 results file.
 */
const entrySchema = z.looseObject({
  simulation_id: z.string().min(1),
  task_id: z.union([z.string(), z.number()]).nullish(),
  tau2_reward: z.number().nullish(),
  tau2_success: z.boolean().nullish(),
  judge_verdict: z.string(),
  judge_justification: z.string().nullish(),
  /** Mostly short strings; some judge prompts answered objects ({issue|type, description|explanation|details, turn}). */
  judge_issues: z.array(z.union([z.string(), z.record(z.string(), z.unknown())])).nullish(),
  agreement: z.boolean().nullish(),
  judge_system_prompt: z.string().nullish(),
  judge_model: z.string().nullish(),
  judge_temperature: z.number().nullish(),
  judge_prompt_name: z.string().min(1),
  judge_prompt_tokens: z.number().nullish(),
  judge_completion_tokens: z.number().nullish(),
  judge_cost_usd: z.number().nullish(),
});
const summarySchema = z.looseObject({ entries: z.array(z.unknown()) });
type Entry = z.infer<typeof entrySchema>;

export type UnmatchedEntry = { index: number; simulationId?: string; error: string };
export type ImportVerdictsResult = {
  judges: Array<{ judgeId: string; versionId: string; name: string }>;
  /** Verdicts written for the first time. */
  imported: number;
  /** Entries whose verdict was already stored (a re-import). */
  unchanged: number;
  unmatched: UnmatchedEntry[];
};

/**
 * Imports the verdicts another tool produced as Judges of kind "imported" (one per judge prompt,
 * one version whose config is the prompt name, model and temperature) and their Verdicts, joined to
 * the traces imported from the tau2 results file on simulation id (externalId "tau2:<id>").
 * Entries that match no trace, or that are malformed, are reported with their index. Importing
 * the same file again changes nothing.
 */
export async function importJudgeVerdicts(db: Db, { projectId, document, source = "tau2-judge-viewer", actor = systemActor }: { projectId: string; document: unknown; source?: string; actor?: Actor }): Promise<ImportVerdictsResult> {
  const parsed = summarySchema.safeParse(document);
  if (!parsed.success) throw new AppError("bad_request", "Not a judge verdict summary: expected an object with an `entries` array (tau2 judge_viewer summary)");
  const unmatched: UnmatchedEntry[] = [];
  const entries: Array<{ index: number; entry: Entry }> = [];
  parsed.data.entries.forEach((raw, index) => {
    const entry = entrySchema.safeParse(raw);
    if (entry.success) entries.push({ index, entry: entry.data });
    else unmatched.push({ index, simulationId: (raw as { simulation_id?: string })?.simulation_id, error: `malformed entry: ${entry.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}` });
  });

  const traces = await db.trace.findMany({
    where: { projectId, externalId: { in: [...new Set(entries.map(({ entry }) => `tau2:${entry.simulation_id}`))] } },
    select: { id: true, externalId: true },
  });
  const traceIds = new Map(traces.map((trace) => [trace.externalId, trace.id]));
  const judges = new Map<string, { judgeId: string; versionId: string; name: string }>();
  let imported = 0;
  let unchanged = 0;
  for (const { index, entry } of entries) {
    const traceId = traceIds.get(`tau2:${entry.simulation_id}`);
    if (!traceId) {
      unmatched.push({ index, simulationId: entry.simulation_id, error: `no trace with externalId tau2:${entry.simulation_id} (import the tau2 results file first)` });
      continue;
    }
    const key = entry.judge_prompt_name;
    if (!judges.has(key)) judges.set(key, await ensureImportedJudge(db, { projectId, entry, source, actor }));
    const { versionId } = judges.get(key)!;
    const data = toVerdict(entry);
    const existing = await db.verdict.findUnique({ where: { judgeVersionId_traceId: { judgeVersionId: versionId, traceId } } });
    if (existing) {
      unchanged++;
      continue;
    }
    await db.verdict.create({ data: { projectId, traceId, judgeVersionId: versionId, ...data } });
    imported++;
  }
  return { judges: [...judges.values()], imported, unchanged, unmatched: unmatched.sort((a, b) => a.index - b.index) };
}

/**
 * The source's verdict as a label. "pass" and "fail" are themselves; other words (the
 * chain-of-thought prompt answers "satisfied", "compliant", ...) are read the way the source tool
 * read them, from its own `agreement` with the tau2 outcome; where it recorded none, "unsure".
 */
export function readImportedLabel(entry: Pick<Entry, "judge_verdict" | "agreement" | "tau2_success" | "tau2_reward">): JudgeLabel {
  const verdict = entry.judge_verdict.trim().toLowerCase();
  if (verdict === "pass" || verdict === "fail") return verdict;
  const success = entry.tau2_success ?? (entry.tau2_reward == null ? null : entry.tau2_reward >= 0.5);
  if (entry.agreement == null || success == null) return "unsure";
  return entry.agreement === success ? "pass" : "fail";
}

function toVerdict(entry: Entry) {
  const label = readImportedLabel(entry);
  const verdict = entry.judge_verdict.trim().toLowerCase();
  const note = verdict === label ? "" : ` [verdict given as "${entry.judge_verdict}"]`;
  return {
    label,
    score: label === "pass" ? 1 : label === "fail" ? 0 : null,
    rationale: `${entry.judge_justification ?? ""}${note}`.trim() || null,
    issues: (entry.judge_issues ?? []).map(readIssue),
    tokensIn: entry.judge_prompt_tokens ?? null,
    tokensOut: entry.judge_completion_tokens ?? null,
    costUsd: entry.judge_cost_usd ?? null,
    cacheKey: `imported:${entry.simulation_id}`,
  };
}

/** An issue as one short string: an object issue's name and its explanation. */
function readIssue(issue: string | Record<string, unknown>): string {
  if (typeof issue === "string") return issue;
  const pick = (keys: string[]) => keys.map((key) => issue[key]).find((value): value is string => typeof value === "string");
  const name = pick(["issue", "type", "title"]);
  const detail = pick(["description", "explanation", "details"]);
  const text = [name, detail].filter(Boolean).join(": ") || JSON.stringify(issue);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

async function ensureImportedJudge(db: Db, { projectId, entry, source, actor }: { projectId: string; entry: Entry; source: string; actor: Actor }) {
  const name = entry.judge_prompt_name;
  const config = { kind: "imported", source, promptName: name, model: entry.judge_model ?? null, temperature: entry.judge_temperature ?? null, systemPrompt: entry.judge_system_prompt ?? null };
  const existing = await db.judge.findUnique({ where: { projectId_name: { projectId, name } }, include: { versions: { orderBy: { version: "desc" } } } });
  if (existing && existing.kind !== "imported") throw new AppError("conflict", `A ${existing.kind} judge is already named "${name}"`);
  const same = existing?.versions.find((version) => canonicalJson(version.config) === canonicalJson(config));
  if (existing && same) return { judgeId: existing.id, versionId: same.id, name };
  return db.$transaction(async (tx) => {
    const judge = existing ?? (await tx.judge.create({ data: { projectId, name, kind: "imported" } }));
    const version = await tx.judgeVersion.create({ data: { judgeId: judge.id, version: (existing?.versions[0]?.version ?? 0) + 1, config } });
    await recordAuditEvent(tx, { projectId, actor, action: "judge.imported", subjectType: "judge", subjectId: judge.id, details: { name, source, version: version.version } });
    return { judgeId: judge.id, versionId: version.id, name };
  });
}
