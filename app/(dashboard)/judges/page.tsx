import type { Metadata } from "next";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listJudges } from "@/lib/judges/list-judges";
import { requireMember } from "@/lib/next/page-context";

export const metadata: Metadata = { title: "Judges" };

export default async function JudgesPage() {
  const { db, member } = await requireMember("viewer");
  const judges = await listJudges(db, member.projectId);
  return (
    <>
      <PageHeader title="Judges" description="The judge panel: LLM, rule and reference judges, their agreement and confusion matrices." />
      {judges.length === 0 ? (
        <EmptyState title="No judges configured">
          <p>Judges are configured per project: an OpenAI-compatible or Anthropic endpoint, a rule from the rubric evaluator, or a reference comparison.</p>
          <p>
            Set <Code>OPENAI_BASE_URL</Code> and <Code>OPENAI_API_KEY</Code> to use an OpenAI-compatible server such as vLLM or Ollama.
          </p>
        </EmptyState>
      ) : (
        <table className="w-full border-collapse bg-white text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">
              <th className="p-2">Judge</th>
              <th className="p-2">Kind</th>
              <th className="p-2">Environment</th>
              <th className="p-2">Version</th>
              <th className="p-2">Verdicts</th>
              <th className="p-2">Error model / config</th>
            </tr>
          </thead>
          <tbody>
            {judges.map((judge) => (
              <tr key={judge.id} className="border-b border-slate-100 align-top">
                <td className="p-2 font-medium">
                  {judge.name}
                  {judge.isSimulated ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800" title="Lab only: never applied to imported traces">
                      simulated
                    </span>
                  ) : null}
                </td>
                <td className="p-2">{judge.kind}</td>
                <td className="p-2">{judge.environment ?? "any"}</td>
                <td className="p-2">{judge.version ?? "—"}</td>
                <td className="p-2">{judge.verdictCount}</td>
                <td className="max-w-md p-2 text-xs text-slate-600">{judge.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
