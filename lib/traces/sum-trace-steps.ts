import type { Db } from "../db/client";

export type TraceStepTotals = {
  /** Null when no step recorded the figure: unknown is not zero. */
  tokensIn: number | null;
  tokensOut: number | null;
  latencyMs: number | null;
  stepsWithLatency: number;
};

/** Tokens and latency summed over a trace's steps (the trace row's own total can lag behind merged steps). */
export async function sumTraceSteps(db: Db, { traceId }: { traceId: string }): Promise<TraceStepTotals> {
  const { _sum, _count } = await db.traceStep.aggregate({
    where: { traceId },
    _sum: { tokensIn: true, tokensOut: true, latencyMs: true },
    _count: { tokensIn: true, tokensOut: true, latencyMs: true },
  });
  return {
    tokensIn: _count.tokensIn > 0 ? (_sum.tokensIn ?? 0) : null,
    tokensOut: _count.tokensOut > 0 ? (_sum.tokensOut ?? 0) : null,
    latencyMs: _count.latencyMs > 0 ? (_sum.latencyMs ?? 0) : null,
    stepsWithLatency: _count.latencyMs,
  };
}
