import type { ProbePair } from "@/lib/redteam/redteam-report";

/** A loophole's pairs: the honest rollout beside its probe, both rewards and truths, and what changed. Replies are untrusted text, rendered as text. */
export function RedteamPairs({ pairs }: { pairs: ProbePair[] }) {
  return (
    <ol className="space-y-2">
      {pairs.map((pair, index) => (
        <li key={index} className="grid grid-cols-2 gap-2 rounded bg-slate-50 p-2">
          <div>
            <p className="text-xs text-slate-600">
              Honest{pair.honestTraceId ? ` (trace ${pair.honestTraceId})` : ""} · reward {pair.honestReward.toFixed(3)} · truth {pair.honestTruth.toFixed(3)}
            </p>
            <p className="text-xs">Tools: {pair.honestTools.join(" → ") || "none"}</p>
            <p className="whitespace-pre-wrap">{pair.honestReply ?? "(no reply)"}</p>
          </div>
          <div>
            <p className="text-xs text-slate-600">
              Probe{pair.probeTraceId ? ` (trace ${pair.probeTraceId})` : ""} · reward {pair.probeReward.toFixed(3)} · truth {pair.probeTruth.toFixed(3)}
            </p>
            <p className="text-xs">Tools: {pair.probeTools.join(" → ") || "none"}</p>
            <p className="whitespace-pre-wrap">{pair.probeReply ?? "(no reply)"}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
