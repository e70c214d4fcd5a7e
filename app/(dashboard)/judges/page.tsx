import type { Metadata } from "next";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listJudges } from "@/lib/judges/list-judges";
import { requireMember } from "@/lib/next/page-context";
import { Table, TableHead, Td, Th, Tr } from "@/components/ui/table";

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
        <Table>
          <TableHead>
            <Th>Judge</Th>
            <Th>Kind</Th>
            <Th>Environment</Th>
            <Th>Version</Th>
            <Th>Verdicts</Th>
            <Th>Error model / config</Th>
          </TableHead>
          <tbody>
            {judges.map((judge) => (
              <Tr key={judge.id}>
                <Td className="font-medium">
                  {judge.name}
                  {judge.isSimulated ? (
                    <span
                      className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800"
                      title="Lab only: never applied to imported traces"
                    >
                      simulated
                    </span>
                  ) : null}
                </Td>
                <Td>{judge.kind}</Td>
                <Td>{judge.environment ?? "any"}</Td>
                <Td>{judge.version ?? "—"}</Td>
                <Td>{judge.verdictCount}</Td>
                <Td className="max-w-md text-xs text-slate-600">{judge.description}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
