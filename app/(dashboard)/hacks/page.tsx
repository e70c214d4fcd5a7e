import { utcTime } from "@/lib/words/utc-time";
import type { Metadata } from "next";
import Link from "next/link";
import { DecideHackForm } from "@/components/hacks/decide-hack-form";
import { DecisionOutcome } from "@/components/hacks/decision-outcome";
import { EditHackCheckForm } from "@/components/hacks/edit-hack-check-form";
import { HackCheckFigures } from "@/components/hacks/hack-check-figures";
import { NewHackForm } from "@/components/hacks/new-hack-form";
import { RefreshWhileMeasuring } from "@/components/hacks/refresh-while-measuring";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole } from "@/lib/auth/roles";
import { listKnownHacks } from "@/lib/hacks/list-known-hacks";
import { traceNames } from "@/lib/traces/trace-names";
import { pendingInductionOf } from "@/lib/hacks/pending-induction";
import { requireMember } from "@/lib/next/page-context";
import type { ComposableCheck, RubricCheckInput } from "@/lib/checks/rubric-check-schema";
import { describeCheck } from "@/lib/hacks/describe-check";

export const metadata: Metadata = { title: "Known hacks" };

type Figures = Parameters<typeof HackCheckFigures>[0]["figures"];
/** proposedItem as induction stores it (see lib/hacks/induce-hack-check.ts); older entries lack the figures. */
type ProposedItem = {
  key?: string;
  question?: string;
  check?: { kind?: string };
  measured?: Figures | null;
  alternatives?: Array<{ key: string; question: string; measured: Figures | null; measureError?: string }>;
  warning?: string;
  nextBest?: Array<{ check: unknown; description: string; measured: Figures }>;
};

const when = (date: Date | null) => (date ? utcTime(date) : "");

/** The traces a hack's figures link to: those its check (and each alternative) misses or wrongly hits. */
function listedTraceIds(item: ProposedItem | null): string[] {
  const figures = [item?.measured, ...(item?.alternatives ?? []).map((alternative) => alternative.measured), ...(item?.nextBest ?? []).map((candidate) => candidate.measured)];
  return figures.flatMap((measured) => (measured ? [...measured.missedExampleIds, ...measured.honestHitIds] : []));
}

export default async function HacksPage({ searchParams }: { searchParams: Promise<{ decided?: string }> }) {
  const [{ db, member }, { decided }] = await Promise.all([requireMember("viewer"), searchParams]);
  const hacks = await listKnownHacks(db, { projectId: member.projectId });
  const canDecide = hasRole(member.role, "reviewer");
  const isMeasuring = hacks.some((hack) => pendingInductionOf(hack.proposedItem)?.status === "measuring");
  const names = await traceNames(db, { projectId: member.projectId, ids: hacks.flatMap((hack) => listedTraceIds(hack.proposedItem as ProposedItem | null)) });
  return (
    <>
      {isMeasuring ? <RefreshWhileMeasuring /> : null}
      <PageHeader title="Known hacks" description="Reward-hacking patterns: proposed, approved or rejected, each with its hack-check item." />
      {hacks.length === 0 ? (
        <EmptyState title="No known hacks yet">
          <p>Hack suspects surface in the review queue; confirming one proposes it here, and approving it puts its hack-check item into the next rubric draft.</p>
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {hacks.map((hack) => {
            const item = hack.proposedItem as ProposedItem | null;
            const pending = pendingInductionOf(item);
            return (
              <li key={hack.id} id={`hack-${hack.id}`} aria-label={`Hack ${hack.name}`} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-semibold">{hack.name}</h2>
                  <span className={`rounded px-2 py-0.5 text-xs ${hack.status === "approved" ? "bg-green-100 text-green-800" : hack.status === "rejected" ? "bg-slate-100 text-slate-600" : "bg-amber-100 text-amber-800"}`}>{hack.status}</span>
                </div>
                <p className="text-xs text-slate-500">
                  {hack.environment ? `environment ${hack.environment} · ` : ""}proposed by {hack.proposedBy ?? "system"} {when(hack.createdAt)}
                  {hack.edgeCaseId ? " from a review case" : ""}
                  {hack.decidedAt ? ` · ${hack.status} by ${hack.decidedBy ?? "system"} ${when(hack.decidedAt)}${hack.decisionNote ? `: ${hack.decisionNote}` : ""}` : ""}
                </p>
                {hack.id === decided && hack.status !== "proposed" ? <DecisionOutcome hack={hack} /> : null}
                <p className="mt-2 text-sm">{hack.description}</p>
                {hack.recognition ? <p className="mt-1 text-sm text-slate-700">How to recognise it: {hack.recognition}</p> : null}
                {item?.question ? (
                  <p className="mt-1 text-sm">
                    Hack check: <span className="font-mono">{item.key}</span> {item.question} ({item.check?.kind === "llm" ? "an LLM judge answers it" : "a rule checks it"})
                  </p>
                ) : null}
                {pending?.status === "measuring" ? (
                  <p role="status" className="mt-1 text-sm text-amber-800">
                    Check: measuring (the hacks.induce job is searching checks over the examples and the honest traces; see <Link className="underline" href="/jobs">Jobs</Link>)
                  </p>
                ) : null}
                {pending?.status === "failed" ? <p className="mt-1 text-sm text-red-700">Check: induction failed: {pending.error ?? "no reason given"}</p> : null}
                {item?.warning ? (
                  <p role="alert" className="mt-1 rounded border border-red-200 bg-red-50 p-2 text-sm text-red-800">
                    {item.warning}
                  </p>
                ) : null}
                {item?.measured ? <HackCheckFigures figures={item.measured} traceNames={names} label={`Figures of ${hack.name}'s check`} /> : null}
                {item?.warning && item.nextBest?.length ? (
                  <div className="mt-1 text-sm">
                    Next-best candidates (save one with Edit to propose it instead):
                    <ol className="ml-5 list-decimal">
                      {item.nextBest.map((candidate, index) => (
                        <li key={index}>
                          {candidate.description} <code className="break-all text-xs">{JSON.stringify(candidate.check)}</code>
                          <HackCheckFigures figures={candidate.measured} traceNames={names} label={`Figures of ${hack.name}'s candidate ${index + 2}`} />
                        </li>
                      ))}
                    </ol>
                  </div>
                ) : null}
                {item?.alternatives?.map((alternative) => (
                  <div key={alternative.key} className="mt-1 text-sm">
                    Also proposed, an LLM question: {alternative.question}
                    {alternative.measured ? <HackCheckFigures figures={alternative.measured} traceNames={names} label={`Figures of ${hack.name}'s LLM question`} /> : <span className="text-slate-500"> (unmeasured: {alternative.measureError ?? "no figures"})</span>}
                  </div>
                ))}
                {item?.check && item.check.kind !== "llm" ? (
                  <p className="mt-1 text-sm text-slate-700">
                    Rule: <span className="break-words">{describeCheck(item.check as ComposableCheck)}</span>
                  </p>
                ) : null}
                {canDecide && hack.status === "proposed" && item?.check ? (
                  // Folded: an induced check's fields can run to screens, and the decision comes after them.
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm text-indigo-700">Edit the check</summary>
                    <EditHackCheckForm knownHackId={hack.id} name={hack.name} check={item.check as RubricCheckInput} />
                  </details>
                ) : null}
                {hack.rubricItems.length ? (
                  <p className="mt-1 text-sm">
                    In rubric:{" "}
                    {hack.rubricItems.map((ri) => (
                      <Link key={ri.id} className="mr-2 text-indigo-700 underline" href={`/rubrics/${ri.rubricVersion.id}`}>
                        v{ri.rubricVersion.version} ({ri.rubricVersion.status}) {ri.key}
                      </Link>
                    ))}
                  </p>
                ) : null}
                {hack._count.examples ? (
                  <p className="mt-1 text-sm">
                    Examples ({hack._count.examples}):{" "}
                    {hack.examples.map(({ trace }) => (
                      <Link key={trace.id} className="mr-2 text-indigo-700 underline" href={`/traces/${trace.id}`}>
                        {trace.task ?? trace.externalId.slice(0, 12)}
                      </Link>
                    ))}
                  </p>
                ) : null}
                {canDecide && hack.status === "proposed" && pending?.status !== "measuring" ? <DecideHackForm knownHackId={hack.id} name={hack.name} /> : null}
              </li>
            );
          })}
        </ul>
      )}
      {canDecide ? (
        <section className="mt-8 rounded-md border border-dashed border-slate-300 p-4">
          <h2 className="mb-2 font-medium">Propose a known hack by hand</h2>
          <NewHackForm />
        </section>
      ) : null}
    </>
  );
}
