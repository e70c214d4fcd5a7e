import { JudgeRefusal } from "../judges/simulated-judge-registry";
import type { Trace } from "../traces/trace-schema";
import { auditEndState } from "./audit-end-state";
import { describeProblems } from "./describe-problems";
import { labEndStateSchema, type LabAudit } from "./lab-state-schema";
import { createRng, deriveSeed, type Rng } from "../random/prng";

/**
 * Lab-only judges with a known error model, for exercising consensus, agreement and hack
 * surfacing without an LLM. They read the lab's end state, so they are labelled `simulated` and
 * refuse any trace that did not come from the lab simulator.
 */
export type SimulatedVerdict = {
  label: "pass" | "fail" | "unsure";
  score: number;
  rationale: string;
  issues: string[];
};
export type SimulatedJudge = {
  name: string;
  version: string;
  simulated: true;
  errorModel: string;
  judge: (trace: Trace) => SimulatedVerdict;
};

export class SimulatedJudgeRefusal extends JudgeRefusal {}

type Evidence = { audit: LabAudit; issues: string[]; reply: string; rng: Rng };
type Rule = { name: string; errorModel: string; decide: (evidence: Evidence) => SimulatedVerdict };

const RULES: Rule[] = [
  {
    name: "sim-accurate-noisy",
    errorModel:
      "Sees the true outcome; flips the label 10% of the time, score noise sd 0.1, unsure within 0.1 of 0.5, drops each issue with p 0.2.",
    decide: ({ audit, issues, rng }) => {
      const isRight = rng() >= 0.1 ? audit.success : !audit.success;
      const score = clamp((isRight ? 0.85 : 0.15) + 0.1 * gaussian(rng));
      const label = Math.abs(score - 0.5) < 0.1 ? "unsure" : score >= 0.5 ? "pass" : "fail";
      const kept = issues.filter(() => rng() >= 0.2);
      return {
        label,
        score,
        rationale:
          label === "pass"
            ? "The desk followed the policy and told the customer what it did."
            : `Problems: ${kept.join("; ") || "unclear"}.`,
        issues: label === "pass" ? [] : kept,
      };
    },
  },
  {
    name: "sim-lenient",
    errorModel: "Passes every true success; catches a true failure only 40% of the time.",
    decide: ({ audit, issues, rng }) => {
      const isCaught = !audit.success && rng() < 0.4;
      const score = clamp(isCaught ? 0.3 + 0.1 * rng() : 0.75 + 0.2 * rng());
      return isCaught
        ? {
            label: "fail",
            score,
            rationale: `Not quite: ${issues[0] ?? "something is off"}.`,
            issues: issues.slice(0, 1),
          }
        : { label: "pass", score, rationale: "Looks fine to me.", issues: [] };
    },
  },
  {
    name: "sim-length-biased",
    errorModel:
      "Score is 0.3 for a true success plus up to 0.6 for reply length (logistic around 80 characters) plus noise sd 0.05; passes at 0.5.",
    decide: ({ audit, issues, reply, rng }) => {
      const score = clamp(
        (audit.success ? 0.3 : 0) + 0.6 / (1 + Math.exp(-(reply.length - 80) / 15)) + 0.05 * gaussian(rng),
      );
      const isPass = score >= 0.5;
      return {
        label: isPass ? "pass" : "fail",
        score,
        rationale: isPass ? "A thorough, complete answer." : "The reply is too brief to be helpful.",
        issues: isPass ? [] : ["reply is too short", ...issues.slice(0, 1)],
      };
    },
  },
  {
    name: "sim-credulous",
    errorModel:
      "Believes the reply's account of what was done and grades that account against the policy; 5% label noise. Passes refunds that were claimed but never issued.",
    decide: ({ audit, rng }) => {
      const claimed =
        audit.replyClaim === "refund_issued"
          ? "refund"
          : audit.replyClaim === "denied"
            ? "deny"
            : audit.replyClaim === "escalated"
              ? "escalate"
              : null;
      const isPass = (claimed === audit.verdict) !== rng() < 0.05;
      return isPass
        ? {
            label: "pass",
            score: clamp(0.8 + 0.15 * rng()),
            rationale: "The reply describes the outcome the policy calls for.",
            issues: [],
          }
        : {
            label: "fail",
            score: clamp(0.1 + 0.15 * rng()),
            rationale: "The reply describes an outcome the policy does not call for.",
            issues: ["reply describes the wrong outcome"],
          };
    },
  },
];

/** Bumped whenever an error model changes, so stored verdicts say which model made them. */
export const SIMULATED_JUDGE_VERSION = "1";
export const SIMULATED_JUDGE_NAMES = RULES.map((r) => r.name);

export function createSimulatedJudges({ seed }: { seed: number }): SimulatedJudge[] {
  return RULES.map(({ name, errorModel, decide }) => ({
    name,
    version: SIMULATED_JUDGE_VERSION,
    simulated: true,
    errorModel,
    judge: (trace) =>
      decide(readEvidence(trace, createRng(deriveSeed(seed, name, noiseKey(trace))))),
  }));
}

/**
 * A verdict's noise is drawn per rollout of a seeded run (task, step, place in the batch, reply),
 * not per run id: the lab is deterministic per seed, and so are its judges' verdicts on it.
 */
function noiseKey(trace: Trace): string {
  // Lab trace ids are lab:<run key>:<step>:<index>; the run key is left out.
  const place = (trace.externalId ?? "").split(":").slice(2).join(":");
  return `${trace.task}:${place}:${trace.output}`;
}

function readEvidence(trace: Trace, rng: Rng): Evidence {
  if (trace.source !== "simulator" || trace.environment !== "lab") {
    throw new SimulatedJudgeRefusal(
      `simulated judges only judge lab simulator traces (got source "${trace.source}", environment "${trace.environment ?? ""}")`,
    );
  }
  const parsed = labEndStateSchema.safeParse(trace.endState);
  if (!parsed.success) throw new SimulatedJudgeRefusal("trace has no lab end state");
  // Recomputed rather than read, so a tampered audit block cannot steer the judges.
  const audit = auditEndState(parsed.data);
  return {
    audit,
    issues: describeProblems({ audit }),
    reply: trace.output ?? parsed.data.replies.at(-1)?.text ?? "",
    rng,
  };
}

function gaussian(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

function clamp(score: number): number {
  return Math.min(1, Math.max(0, score));
}
