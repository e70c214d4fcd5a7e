"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { GlossaryTermTip, GlossedText } from "@/components/ui/glossary-term";
import { splitExplanation } from "@/lib/words/glossary";
import type { EdgeCaseItem } from "@/lib/review/list-edge-cases";
import { decisionLabelOf } from "@/lib/review/edge-case-schemas";
import { plural } from "@/lib/words/plural";

const labelColours: Record<string, string> = { pass: "bg-emerald-100 text-emerald-800", fail: "bg-red-100 text-red-800", unsure: "bg-amber-100 text-amber-800" };
const format = (value: number | null) => (value === null ? "–" : value.toFixed(2));

/** One case: why it surfaced and, when it is the current one, its examples with the verdicts side by side. */
export function EdgeCaseCard({ edgeCase, isCurrent, isChecked, onToggle, onSelect, onUndo }: { edgeCase: EdgeCaseItem; isCurrent: boolean; isChecked: boolean; onToggle?: () => void; onSelect: () => void; onUndo?: () => void }) {
  const titleId = `case-${edgeCase.id}`;
  const ref = useRef<HTMLLIElement>(null);
  // j/k move the selection; the selected card is scrolled into view so a number key never decides a case off-screen.
  // A card whose top is already on screen stays put: a card taller than the window would otherwise be scrolled to its top,
  // taking the page header, the filters and the status line of the decision just made out of view.
  // The first card, current as the page opens, stays below the filters and the decision buttons: on a
  // phone it starts below the fold, and scrolling to it would hide what decides it.
  const isFirstRender = useRef(true);
  useEffect(() => {
    const card = ref.current;
    const isOpening = isFirstRender.current;
    isFirstRender.current = false;
    if (!isCurrent || !card) return;
    if (isOpening && card.previousElementSibling === null) return;
    const { top } = card.getBoundingClientRect();
    if (top >= 0 && top < window.innerHeight - 120) return;
    card.scrollIntoView({ block: "nearest" });
  }, [isCurrent]);
  return (
    <li
      ref={ref}
      aria-labelledby={titleId}
      aria-current={isCurrent ? "true" : undefined}
      data-testid="edge-case"
      onClick={onSelect}
      className={`rounded-lg border bg-white p-4 ${isCurrent ? "border-indigo-500 ring-2 ring-indigo-200" : "border-slate-200"}`}
    >
      <div className="flex items-start gap-3">
        {/* Selecting is for a decision on several cases: a viewer, who cannot decide, has no box. */}
        {onToggle ? <input type="checkbox" aria-label={`Select ${edgeCase.title}`} checked={isChecked} onChange={onToggle} onClick={(e) => e.stopPropagation()} className="mt-1" /> : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h2 id={titleId} className="text-sm font-semibold">
              {edgeCase.title}
            </h2>
            <span className="text-xs text-slate-500">
              <GlossaryTermTip term="priority">priority {edgeCase.priority.toFixed(2)}</GlossaryTermTip> · {labelScope(edgeCase)} · {edgeCase.kind.replace(/_/g, " ")}
              {edgeCase.environment ? ` · ${edgeCase.environment}` : ""}
              {edgeCase.assignee ? ` · assigned to ${edgeCase.assignee.email}` : ""}
            </span>
          </div>
          <Explanation edgeCase={edgeCase} />
          {edgeCase.subject.type === "run" && edgeCase.subject.id ? (
            <Link href={`/runs/${edgeCase.subject.id}`} onClick={(e) => e.stopPropagation()} className="mt-1 inline-block text-sm text-indigo-700 hover:underline">
              Open the run&apos;s charts
            </Link>
          ) : null}
          {edgeCase.readings.length > 1 ? (
            <ul className="mt-1 space-y-0.5 text-xs text-slate-600" aria-label="Evidence by rule and wording">
              {edgeCase.readings.map((reading) => (
                <li key={`${reading.rule}|${reading.wording}`}>
                  <GlossaryTermTip term="rule">
                    <code>{reading.rule}</code>
                  </GlossaryTermTip>{" "}
                  {reading.wording ? `“${reading.wording}”` : "(no issue named)"}: {reading.count} rollout{reading.count === 1 ? "" : "s"}
                </li>
              ))}
            </ul>
          ) : null}
          {edgeCase.decision ? (
            <p className="mt-1 flex items-center gap-2 text-sm font-medium text-slate-800">
              Decided: {decisionLabelOf(edgeCase.decision)}
              {edgeCase.decidedBy ? ` by ${edgeCase.decidedBy}` : ""}
              {onUndo ? (
                <Button variant="secondary" onClick={(e) => (e.stopPropagation(), onUndo())}>
                  Undo
                </Button>
              ) : null}
            </p>
          ) : null}
          {edgeCase.note ? <p className="mt-1 text-sm text-slate-600">Note: {edgeCase.note}</p> : null}
          {isCurrent ? <Examples edgeCase={edgeCase} /> : null}
        </div>
      </div>
    </li>
  );
}

/** The plain sentence first (a run case's own, or the explanation's sentences without statistics), the figures one click on. */
function Explanation({ edgeCase }: { edgeCase: EdgeCaseItem }) {
  const { plain, figures } = splitExplanation(edgeCase.explanation);
  const first = edgeCase.summary ?? plain;
  const rest = edgeCase.summary ? edgeCase.explanation : figures;
  return (
    <div className="mt-1 text-sm text-slate-700">
      <p>{first || edgeCase.title}</p>
      {rest ? (
        <details onClick={(e) => e.stopPropagation()} className="mt-0.5 text-xs">
          <summary className="cursor-pointer text-indigo-700">The figures</summary>
          <p className="mt-1">
            <GlossedText text={rest} />
          </p>
        </details>
      ) : null}
    </div>
  );
}

function Examples({ edgeCase }: { edgeCase: EdgeCaseItem }) {
  return (
    <div className="mt-3 grid gap-3 lg:grid-cols-3" role="group" aria-label="Example traces">
      {edgeCase.examples.map((example) => (
        <section key={example.traceId} aria-label={`Example ${example.externalId}`} className="rounded-md border border-slate-200 p-3 text-sm">
          <div className="flex items-baseline justify-between gap-2">
            <Link href={`/traces/${example.traceId}`} className="min-w-0 break-all font-mono text-xs text-indigo-700 hover:underline">
              {example.externalId}
            </Link>
            <span className="text-xs text-slate-500">
              reward {format(example.reward)}
              {example.success === null ? "" : ` · true outcome ${example.success ? "success" : "failure"}`}
            </span>
          </div>
          {example.why ? <p className="mt-1 text-xs text-slate-600">{example.why}</p> : null}
          {example.output ? <p className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-2 text-xs text-slate-800">{example.output}</p> : null}
          {example.firedItems.length ? (
            <ul className="mt-2 space-y-0.5 text-xs" aria-label="Rubric items that fired">
              {example.firedItems.map((item) => (
                <li key={item.key}>
                  <span className={item.polarity === "hack" ? "font-semibold text-red-700" : "text-emerald-700"}>{item.polarity === "hack" ? "hack check" : "paid"}</span> <code>{item.key}</code>: {item.question}
                </li>
              ))}
            </ul>
          ) : null}
          <table className="mt-2 w-full text-xs" aria-label={`Verdicts on ${example.externalId}`}>
            <tbody>
              {example.verdicts.map((verdict) => (
                <tr key={verdict.judge} className="border-t border-slate-100 align-top">
                  <th scope="row" className="py-1 pr-2 text-left font-medium">
                    {verdict.judge}
                    {verdict.isSimulated ? <span className="ml-1 text-[10px] uppercase text-slate-600">simulated</span> : null}
                  </th>
                  <td className="py-1 pr-2">
                    <span className={`rounded px-1 ${labelColours[verdict.label] ?? ""}`}>{verdict.error ? "error" : verdict.label}</span> {format(verdict.score)}
                  </td>
                  <td className="py-1 text-slate-600">{verdict.error ?? verdict.rationale}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}

/** What a decision on this case writes, in the words of the card (decision-writes-labels.ts decides it). */
function labelScope({ subject, exampleCount }: EdgeCaseItem): string {
  if (subject.type === "run") return `${plural(exampleCount, "example rollout")}: Confirm hack labels ${exampleCount === 1 ? "it" : "them"} fail, other decisions label none`;
  return `a decision labels ${plural(exampleCount, "rollout")}`;
}
