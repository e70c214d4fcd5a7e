import Link from "next/link";
import type { TraceDetail } from "@/lib/traces/find-trace-detail";
import { formatNumber } from "@/lib/review/format-numbers";
import { CollapsibleText } from "./collapsible-text";

function formatLatency(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function formatTokens({ tokensIn, tokensOut }: TraceDetail["totals"]): string {
  if (tokensIn === null && tokensOut === null) return "not recorded";
  return `${(tokensIn ?? 0).toLocaleString("en")} in · ${(tokensOut ?? 0).toLocaleString("en")} out`;
}

/** What a reviewer judges first: the outcome and the final reply, above the steps. */
export function TraceSummary({ trace, run, finalReply, totals }: Pick<TraceDetail, "trace" | "run" | "finalReply" | "totals">) {
  const facts: [string, React.ReactNode][] = [
    ["Reward", trace.reward === null ? "none" : formatNumber(trace.reward, 3)],
    ["Outcome", trace.success === null ? "not given" : trace.success ? "success" : "failure"],
    ["Task", trace.task ?? "—"],
    ["Environment", trace.environment ?? "—"],
    [
      "Run",
      run ? (
        <Link href={`/runs/${run.id}`} className="text-indigo-700 underline">
          {run.name}
        </Link>
      ) : (
        (trace.runName ?? "—")
      ),
    ],
    ["Steps", trace.stepCount.toLocaleString("en")],
    ["Tokens", formatTokens(totals)],
    ["Latency", totals.latencyMs === null ? "not recorded" : `${formatLatency(totals.latencyMs)} over ${totals.stepsWithLatency.toLocaleString("en")} steps`],
  ];
  return (
    <div className="mb-4 space-y-3">
      <section aria-label="Outcome">
        <dl className="flex flex-wrap gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="flex min-w-0 max-w-full gap-1.5">
              <dt className="text-slate-500">{term}</dt>
              <dd className="truncate font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-label="Final reply" className="rounded-lg border border-indigo-300 bg-white p-4">
        <h2 className="mb-1 text-sm font-semibold">
          Final reply <span className="font-normal text-slate-500">{finalReply === null ? "" : finalReply.from === "output" ? "(the trace's output)" : `(step ${finalReply.stepIndex})`}</span>
        </h2>
        {finalReply ? <CollapsibleText text={finalReply.text} label="final reply" collapsedChars={500} collapsedLines={6} /> : <p className="text-sm text-slate-500">This trace has no output and no assistant reply.</p>}
      </section>
    </div>
  );
}
