import Link from "next/link";
import { formatEffect } from "@/lib/redteam/format-effect";
import type { RedteamRunView } from "@/lib/redteam/find-redteam-run";

/** /judges: each judge's measured biases from the latest red-team run that measured any (99% intervals; a bias is one whose interval excludes zero). */
export function JudgeBiasSection({ run }: { run: RedteamRunView | null }) {
  const report = run?.report;
  if (!report || report.judgeBias.length === 0) return null;
  return (
    <section aria-label="Judge biases" className="mt-8">
      <h2 className="mb-1 font-medium">Judge biases</h2>
      <p className="mb-2 text-sm text-slate-600">
        From red-team run {run!.id} of{" "}
        <Link className="text-indigo-700 underline" href={`/rubrics/${report.rubricVersionId}`}>
          the {report.environment} rubric
        </Link>
        : the change in each judge&apos;s score when an honest rollout is edited without changing what was done (99% intervals).
      </p>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th className="py-1">Judge</th>
            {report.judgeBias[0]!.biases.map((bias) => (
              <th key={bias.id}>{bias.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.judgeBias.map((judge) => (
            <tr key={judge.judge} className="border-b border-slate-100 align-top">
              <td className="py-1 font-medium">
                {judge.judge}
                {judge.simulated ? " (simulated)" : ""}
              </td>
              {judge.biases.map((bias) => (
                <td key={bias.id} className={`font-mono text-xs ${bias.isBiased ? "font-semibold text-red-700" : ""}`}>
                  {bias.note ?? formatEffect(bias.effect)}
                  {bias.isBiased ? " biased" : ""}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
