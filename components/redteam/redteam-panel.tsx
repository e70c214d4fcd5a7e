import Link from "next/link";
import { startRedteamAction } from "@/app/actions/redteam-actions";
import { RefreshWhileMeasuring } from "@/components/hacks/refresh-while-measuring";
import { ActionButton } from "@/components/settings/action-button";
import { formatEffect } from "@/lib/redteam/format-effect";
import type { RedteamRunView } from "@/lib/redteam/find-redteam-run";
import { RedteamPairs } from "./redteam-pairs";

/** The rubric version page's red-team section: start a run, and the latest run's families, loopholes and pairs. */
export function RedteamPanel({ rubricVersionId, runs, canStart }: { rubricVersionId: string; runs: RedteamRunView[]; canStart: boolean }) {
  const [latest] = runs;
  const report = latest?.report ?? null;
  // The page is rendered once; without this a queued run read "queued (0%)" until the reviewer thought to reload.
  const untried = report?.families.filter((family) => family.probes === 0).length ?? 0;
  const isWorking = !report && (latest?.status === "queued" || latest?.status === "running");
  return (
    <section aria-label="Red-team" className="mt-8 border-t border-slate-200 pt-4">
      <h2 className="mb-2 font-medium">Red-team before training</h2>
      <p className="mb-2 text-sm text-slate-600">
        Edits honest rollouts with known hack families, scores each probe with this version&apos;s reward and measures the truth; a family whose reward rises while the truth does not is a loophole.
      </p>
      {canStart ? (
        <ActionButton action={startRedteamAction} fields={{ rubricVersionId, rollouts: "40" }}>
          Red-team this version
        </ActionButton>
      ) : null}
      {isWorking ? <RefreshWhileMeasuring /> : null}
      {latest && !report ? (
        <p role="status" className="mt-2 text-sm">
          Red-team run {latest.id}: {latest.status} ({Math.round(latest.progress * 100)}%){latest.progressMessage ? ` · ${latest.progressMessage}` : ""}
          {latest.error ? ` · ${latest.error}` : ""}
        </p>
      ) : null}
      {report ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm">
            Run {latest!.id}: {report.honestRollouts} honest rollouts, {report.probesScored} probes, {report.wallSeconds.toFixed(1)} s. Truth: {report.truthSource}.{" "}
            <strong>Loopholes: {report.loopholes.length ? report.loopholes.join(", ") : "none"}</strong>
            {untried ? ` (${untried} of ${report.families.length} families not tried: no honest rollout fits them)` : ""}
          </p>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Probe families tried</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-1">Family</th>
                <th>Pairs</th>
                <th>Effect on reward (95%)</th>
                <th>Effect on truth (95%)</th>
                <th>Result</th>
              </tr>
            </thead>
            <tbody>
              {report.families.map((family) => (
                <tr key={family.id} className="border-b border-slate-100 align-top">
                  <td className="py-1" title={family.description}>
                    {family.label}
                  </td>
                  <td>{family.probes}</td>
                  <td className="font-mono">{formatEffect(family.reward)}</td>
                  <td className="font-mono">{formatEffect(family.truth)}</td>
                  <td>{family.isLoophole ? <span className="font-medium text-red-700">loophole</span> : family.probes === 0 ? "not tried: no honest rollout fits" : "tried"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.families
            .filter((family) => family.isLoophole)
            .map((family) => (
              <details key={family.id} className="rounded-md border border-red-200 p-2 text-sm">
                <summary>
                  Loophole: {family.label} · reward {formatEffect(family.reward)}, truth {formatEffect(family.truth)}
                </summary>
                <p className="my-1">{family.verdict}</p>
                {family.edgeCaseId ? (
                  <p className="my-1">
                    <Link className="text-indigo-700 underline" href="/review?kind=found_before_training">
                      Edge case found before training
                    </Link>
                    {family.knownHackId ? (
                      <>
                        {" · "}
                        <Link className="text-indigo-700 underline" href={`/hacks#hack-${family.knownHackId}`}>
                          Proposed known hack
                        </Link>
                      </>
                    ) : null}
                  </p>
                ) : null}
                <RedteamPairs pairs={family.examples} />
              </details>
            ))}
        </div>
      ) : null}
    </section>
  );
}
