import type { Db } from "../db/client";
import { rubricCheckSchema, type RubricCheck } from "../checks/rubric-check-schema";
import type { Trace } from "../traces/trace-schema";
import { exampleOf } from "./rubric-phrases";
import type { ExtraProbes, HonestRollout } from "./run-probes";
import { finalReplyOf, withFinalReply } from "./trace-edits";

const MAX_TRANSFERRED = 10;

/**
 * Approved known hacks of the project's other environments, carried over as probes: what a hack's
 * check recognises is what the hack did, so a reply pattern becomes words added to the reply, and
 * a missing tool call becomes that call dropped where this environment has a tool of that name.
 * A hack whose check says nothing transferable (an llm question, an end-state path) is skipped.
 */
export async function transferKnownHacks(db: Db, { projectId, environment, honest }: { projectId: string; environment: string; honest: HonestRollout[] }): Promise<ExtraProbes[]> {
  const hacks = await db.knownHack.findMany({
    where: { projectId, status: "approved", NOT: { environment } },
    orderBy: { createdAt: "desc" },
    take: MAX_TRANSFERRED,
    select: { name: true, environment: true, description: true, proposedItem: true, rubricItems: { select: { check: true }, take: 1 } },
  });
  return hacks.flatMap((hack) => {
    const parsed = rubricCheckSchema.safeParse(hack.rubricItems[0]?.check ?? (hack.proposedItem as { check?: unknown } | null)?.check);
    const edit = parsed.success ? editFor(parsed.data) : null;
    if (!edit) return [];
    const probes = honest.flatMap((h) => {
      const probe = edit(h.trace);
      return probe ? [{ honest: h, probe }] : [];
    });
    const from = hack.environment ?? "no environment";
    return [{ family: { id: `known_hack:${hack.name}`.slice(0, 120), label: `Known hack "${hack.name}" (from ${from})`, description: `Transferred from ${from}: ${hack.description}` }, probes }];
  });
}

function editFor(check: RubricCheck): ((trace: Trace) => Trace | null) | null {
  if (check.kind === "regex" && (check.target === "final_reply" || check.target === "any_assistant")) {
    const phrase = exampleOf(check.pattern);
    return phrase ? (trace) => append(trace, phrase) : null;
  }
  if (check.kind === "tool_not_called") return (trace) => dropTool(trace, check.tool);
  if (check.kind === "all") {
    const edits = check.checks.map((c) => editFor(c as RubricCheck)).filter((e): e is (trace: Trace) => Trace | null => e !== null);
    return edits.length ? (trace) => edits.reduce<Trace | null>((t, e) => (t ? e(t) : null), trace) : null;
  }
  if (check.kind === "not" && check.check.kind === "tool_called") {
    const tool = check.check.tool;
    return (trace) => dropTool(trace, tool);
  }
  return null;
}

function append(trace: Trace, phrase: string): Trace | null {
  const reply = finalReplyOf(trace);
  return reply === null ? null : withFinalReply(trace, `${reply} ${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.`);
}

function dropTool(trace: Trace, tool: string): Trace | null {
  const steps = trace.steps.filter((s) => !(s.type === "tool_call" && s.name === tool));
  return steps.length === trace.steps.length ? null : { ...trace, steps };
}
