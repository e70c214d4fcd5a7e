import type { Agreement, EnvironmentAgreement } from "@/lib/judges/compute-agreement";
import { Table, TableHead } from "@/components/ui/table";
import { AgreementChart } from "./agreement-chart";
import { ConfusionTable } from "./confusion-table";

const kappa = (value: number | null) => (value === null ? "—" : value.toFixed(3));
const share = ({ agree, total }: Agreement) => (total === 0 ? "—" : `${agree} of ${total}`);
const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)}%`);
/** Kappa against human labels with their count; none when the labels are all of one kind, where kappa would read 0 whatever the judge. */
const humanKappa = (human: Agreement) =>
  human.total === 0 ? "no labels" : human.kappa === null ? `n/a: one label only (${share(human)} agree)` : `${kappa(human.kappa)} (n=${human.total})`;

export function SimulatedBadge() {
  return (
    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800" title="Lab only: never applied to imported traces">
      simulated
    </span>
  );
}

/** One environment's agreement figures: the panel's Fleiss' kappa, each judge against outcome and humans, the majority against the best single judge. */
export function AgreementSection({ agreement }: { agreement: EnvironmentAgreement }) {
  const { environment, traces, fleissKappa, judges, panel, bestSingle } = agreement;
  const bars = [
    ...judges.filter((j) => j.outcome.accuracy !== null).map((j) => ({ name: j.name, accuracy: j.outcome.accuracy!, agree: j.outcome.agree, total: j.outcome.total })),
    ...(panel.outcome.accuracy !== null && judges.length > 1 ? [{ name: "panel majority", accuracy: panel.outcome.accuracy, agree: panel.outcome.agree, total: panel.outcome.total }] : []),
  ];
  return (
    <section aria-label={`Agreement in ${environment}`} className="mb-8 rounded-lg border border-slate-200 bg-white p-4">
      <header className="mb-3 flex flex-wrap items-baseline gap-x-6 gap-y-1">
        <h2 className="text-base font-semibold">{environment}</h2>
        <span className="text-sm text-slate-600">{traces} traces judged</span>
        <span className="text-sm text-slate-600">
          Fleiss&apos; κ across the panel: <strong>{kappa(fleissKappa)}</strong>
        </span>
      </header>
      <Table>
        <TableHead>
          <th className="p-2">Judge</th>
          <th className="p-2">Verdicts</th>
          <th className="p-2">Errors</th>
          <th className="p-2">Agrees with outcome</th>
          <th className="p-2">Accuracy</th>
          <th className="p-2">Cohen&apos;s κ vs outcome</th>
          <th className="p-2">Cohen&apos;s κ vs humans</th>
          <th className="p-2">Tokens in / out</th>
          <th className="p-2">Cost</th>
        </TableHead>
        <tbody>
          {judges.map((judge) => (
            <tr key={judge.judgeId} className="border-b border-slate-100">
              <td className="p-2 font-medium">
                {judge.name}
                <span className="ml-1 text-xs text-slate-500">
                  {/* A simulated judge's kind is what its badge says; naming it twice reads as two different things. */}
                  {judge.isSimulated && judge.kind === "simulated" ? "" : `${judge.kind} `}v{judge.version}
                </span>
                {judge.isSimulated ? <SimulatedBadge /> : null}
              </td>
              <td className="p-2">{judge.verdicts}</td>
              <td className="p-2">{judge.errors}</td>
              <td className="p-2">{share(judge.outcome)}</td>
              <td className="p-2">{percent(judge.outcome.accuracy)}</td>
              <td className="p-2">{kappa(judge.outcome.kappa)}</td>
              <td className="p-2">{humanKappa(judge.human)}</td>
              <td className="p-2">
                {judge.tokensIn.toLocaleString("en-US")} / {judge.tokensOut.toLocaleString("en-US")}
              </td>
              <td className="p-2">{judge.costUsd > 0 ? `$${judge.costUsd.toFixed(4)}` : judge.isSimulated || judge.kind === "rule" ? "free" : "$0"}</td>
            </tr>
          ))}
          {judges.length > 1 ? (
            <tr className="bg-slate-50">
              <td className="p-2 font-medium">Panel majority</td>
              <td className="p-2" colSpan={2}>
                ties count as unsure
              </td>
              <td className="p-2">{share(panel.outcome)}</td>
              <td className="p-2">{percent(panel.outcome.accuracy)}</td>
              <td className="p-2">{kappa(panel.outcome.kappa)}</td>
              <td className="p-2">{humanKappa(panel.human)}</td>
              <td className="p-2" colSpan={2} />
            </tr>
          ) : null}
        </tbody>
      </Table>
      {judges.length > 1 && bestSingle ? (
        <p className="mt-2 text-sm text-slate-700" role="note" aria-label="Panel against the best single judge">
          Panel majority {share(panel.outcome)} ({percent(panel.outcome.accuracy)}) against the best single judge, {bestSingle.name}, {share(bestSingle.outcome)} ({percent(bestSingle.outcome.accuracy)}).
        </p>
      ) : null}
      {bars.length > 0 ? <AgreementChart bars={bars} environment={environment} /> : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium">Confusion matrices (rows: outcome, columns: judge)</summary>
        <div className="mt-2 flex flex-wrap gap-4">
          {judges.map((judge) => (
            <ConfusionTable key={judge.judgeId} title={judge.name} agreement={judge.outcome} />
          ))}
          {judges.length > 1 ? <ConfusionTable title="Panel majority" agreement={panel.outcome} /> : null}
        </div>
      </details>
    </section>
  );
}
