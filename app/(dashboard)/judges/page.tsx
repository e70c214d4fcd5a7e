import type { Metadata } from "next";
import { Table, TableHead } from "@/components/ui/table";
import { AgreementSection, SimulatedBadge } from "@/components/judges/agreement-section";
import { AddJudgeForm } from "@/components/judges/add-judge-form";
import { ImportVerdictsForm } from "@/components/judges/import-verdicts-form";
import { RunJudgesForm } from "@/components/judges/run-judges-form";
import { JudgeBiasSection } from "@/components/redteam/judge-bias-section";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole } from "@/lib/auth/roles";
import { listJudges } from "@/lib/judges/list-judges";
import { listRunPanelOptions } from "@/lib/judges/list-run-panel-options";
import { loadAgreement } from "@/lib/judges/load-agreement";
import { requireMember } from "@/lib/next/page-context";
import { findLatestJudgeBiasRun } from "@/lib/redteam/find-redteam-run";

export const metadata: Metadata = { title: "Judges" };

export default async function JudgesPage() {
  const { db, member } = await requireMember("viewer");
  const [judges, agreement, options, biasRun] = await Promise.all([
    listJudges(db, member.projectId),
    loadAgreement(db, { projectId: member.projectId }),
    listRunPanelOptions(db, { projectId: member.projectId }),
    findLatestJudgeBiasRun(db, { projectId: member.projectId }),
  ]);
  const runnable = judges.filter((judge) => judge.kind !== "imported");
  return (
    <>
      <PageHeader title="Judges" description="The judge panel: LLM, rule, reference, chain-of-thought, simulated and imported judges, their agreement and confusion matrices." />
      {hasRole(member.role, "reviewer") && runnable.length > 0 ? <RunJudgesForm judges={runnable} environments={options.environments} runs={options.runs} /> : null}
      {hasRole(member.role, "reviewer") ? <ImportVerdictsForm /> : null}
      {hasRole(member.role, "admin") ? <AddJudgeForm /> : null}
      {judges.length === 0 ? (
        <EmptyState title="No judges configured">
          <p>Judges are configured per project: an OpenAI-compatible or Anthropic endpoint, a rule from the rubric evaluator, or a reference comparison.</p>
          <p>
            Set <Code>OPENAI_BASE_URL</Code> and <Code>OPENAI_API_KEY</Code> to use an OpenAI-compatible server such as vLLM or Ollama, or import verdicts another tool made with <Code>npm run goodhart -- judge import FILE</Code>.
          </p>
        </EmptyState>
      ) : (
        <>
          {agreement.map((environment) => (
            <AgreementSection key={environment.environment} agreement={environment} />
          ))}
          <h2 className="mb-2 text-base font-semibold">Panel members</h2>
          <Table aria-label="Judges">
            <TableHead>
              <th className="p-2">Judge</th>
              <th className="p-2">Kind</th>
              <th className="p-2">Environment</th>
              <th className="p-2">Version</th>
              <th className="p-2">Verdicts</th>
              <th className="p-2">Error model / config</th>
            </TableHead>
            <tbody>
              {judges.map((judge) => (
                <tr key={judge.id} className="border-b border-slate-100 align-top">
                  <td className="p-2 font-medium">
                    {judge.name}
                    {judge.isSimulated ? <SimulatedBadge /> : null}
                  </td>
                  <td className="p-2">{judge.kind}</td>
                  <td className="p-2">{judge.environment ?? "any"}</td>
                  <td className="p-2">{judge.version ?? "—"}</td>
                  <td className="p-2">{judge.verdictCount}</td>
                  <td className="max-w-md p-2 text-xs text-slate-600">{judge.description}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
      <JudgeBiasSection run={biasRun} />
    </>
  );
}
