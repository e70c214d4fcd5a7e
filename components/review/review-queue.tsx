"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { decisionLabelOf, decisionLabels, edgeCaseDecisionSchema, type EdgeCaseDecision } from "@/lib/review/edge-case-schemas";
import type { EdgeCaseList } from "@/lib/review/list-edge-cases";
import { DecisionConfirmation } from "./decision-confirmation";
import { decisionScale, needsConfirmation, type DecisionScale } from "./decision-scale";
import { EdgeCaseCard } from "./edge-case-card";
import { KeyboardHelpDialog } from "./keyboard-help-dialog";
import { NoteDialog } from "./note-dialog";
import { decisionKeyOf, decisionKeys } from "./review-keys";
import { ReviewFilters, type RunOption } from "./review-filters";
import { searchOfFilters } from "./queue-filters-url";
import { useAssignEdgeCases, useDecideEdgeCases, useEdgeCases, useNoteEdgeCase, useUndoDecisions, type QueueFilters } from "./use-edge-cases";

type Reviewer = { userId: string; email: string };
/** The status line; a decision that made something links to it. */
type QueueMessage = { text: string; link?: { href: string; label: string } };

/** The queue, keyboard first: j/k move, 1-4 decide, u undo, x selects for bulk, e note, o open trace, ? keys. */
export function ReviewQueue({ initial, initialFilters, listedAt, canDecide, reviewers, userId, runs }: { initial: EdgeCaseList; initialFilters: QueueFilters; listedAt: number; canDecide: boolean; reviewers: Reviewer[]; userId: string; runs: RunOption[] }) {
  const router = useRouter();
  const [filters, setFilters] = useState<QueueFilters>(initialFilters);
  // The URL holds the filters: a filter change replaces the entry through the router (Back leaves the
  // queue instead of stepping through filter changes) and the page renders again with them, listing
  // the cases itself; a link to /review with other filters resets the queue to those. Not
  // history.replaceState: with it, Back from a trace sometimes changed the URL to the queue's and left
  // the trace on screen. Until that render arrives the select shows the new filters and the list the
  // old ones, marked busy: the list is asked for once a change, by the page, not also by this hook.
  const urlSearch = searchOfFilters(initialFilters);
  const filtersSearch = searchOfFilters(filters);
  const isUpdating = filtersSearch !== urlSearch;
  const isDefault = urlSearch === "";
  const { data, error } = useEdgeCases(initialFilters, { list: initial, listedAt });
  const cases = useMemo(() => data?.edgeCases ?? [], [data]);
  const [index, setIndex] = useState(0);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [shownUrlSearch, setShownUrlSearch] = useState(urlSearch);
  if (urlSearch !== shownUrlSearch) {
    setShownUrlSearch(urlSearch);
    if (filtersSearch !== urlSearch) {
      setFilters(initialFilters);
      setIndex(0);
      setChecked(new Set());
    }
  }
  const [dialog, setDialog] = useState<"help" | "note" | null>(null);
  const [message, setMessage] = useState<QueueMessage>({ text: "" });
  const decide = useDecideEdgeCases();
  const note = useNoteEdgeCase();
  const assign = useAssignEdgeCases();
  const undo = useUndoDecisions();
  // The cases this page last decided: "u" takes them back even though they have left the open queue.
  const [lastDecided, setLastDecided] = useState<string[]>([]);
  const current = cases[Math.min(index, cases.length - 1)];

  // A decision labelling many traces waits here until the same key (or Enter, or the button) confirms it.
  const [pending, setPending] = useState<{ decision: EdgeCaseDecision; ids: string[]; scale: DecisionScale } | null>(null);

  const commitDecision = useCallback(
    (decision: EdgeCaseDecision, ids: string[]) => {
      setPending(null);
      decide.mutate(
        { ids, decision, note: ids.length === 1 && current?.id === ids[0] ? (current?.note ?? undefined) : undefined },
        {
          onSuccess: ({ decided }) => {
            setChecked(new Set());
            setLastDecided(decided.map((d) => d.id));
            const hack = decided.find((d) => d.knownHackId);
            const text = `${decisionLabels[decision]}: ${decided.length} case${decided.length === 1 ? "" : "s"} decided`;
            setMessage(hack ? { text: `${text}; a known hack was `, link: { href: `/hacks#hack-${hack.knownHackId}`, label: "proposed on /hacks" } } : { text: `${text}.` });
          },
          onError: (e) => setMessage({ text: e.message }),
        },
      );
    },
    [current, decide],
  );

  const runDecision = useCallback(
    (decision: EdgeCaseDecision) => {
      const ids = checked.size ? [...checked] : current ? [current.id] : [];
      if (!ids.length) return;
      if (!canDecide) return setMessage({ text: "Read-only: viewers cannot decide cases." });
      // The server refuses a decided case (409): say so before asking to confirm anything.
      const decided = cases.filter((c) => ids.includes(c.id) && c.status !== "open");
      if (decided.length) {
        const [only] = decided;
        return setMessage({
          text:
            ids.length === 1 && only
              ? `Decided already (${decisionLabelOf(only.decision)}): undo it (u) to decide it again.`
              : `${decided.length} of the ${ids.length} selected cases are decided already: undo them (u) or leave them out.`,
        });
      }
      if (pending?.decision === decision) return commitDecision(decision, pending.ids);
      const scale = decisionScale(cases, ids, decision);
      if (needsConfirmation(scale)) return setPending({ decision, ids, scale });
      commitDecision(decision, ids);
    },
    [canDecide, cases, checked, commitDecision, current, pending],
  );

  const runUndo = useCallback(
    (ids: string[]) => {
      if (!ids.length) return setMessage({ text: "Nothing to undo: decide a case first, or pick a decided one." });
      if (!canDecide) return setMessage({ text: "Read-only: viewers cannot undo decisions." });
      undo.mutate(ids, {
        onSuccess: (undone) => {
          setLastDecided((last) => last.filter((id) => !ids.includes(id)));
          const labels = undone.reduce((sum, u) => sum + u.labelsWithdrawn, 0);
          const hacks = undone.filter((u) => u.knownHackWithdrawn).length;
          setMessage({ text: `Undone: ${undone.length} case${undone.length === 1 ? "" : "s"} reopened, ${labels} label${labels === 1 ? "" : "s"} withdrawn${hacks ? `, ${hacks} proposed hack${hacks === 1 ? "" : "s"} withdrawn` : ""}.` });
        },
        onError: (e) => setMessage({ text: e.message }),
      });
    },
    [canDecide, undo],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (dialog || event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable)) return;
      if (pending && event.key === "Enter") {
        event.preventDefault();
        return commitDecision(pending.decision, pending.ids);
      }
      if (pending && !decisionKeys[event.key]) {
        // Any other key walks away from the confirmation without deciding.
        setPending(null);
        if (event.key === "Escape") return event.preventDefault();
      }
      const isQueueKey = event.key === "j" || event.key === "k" || event.key === "x" || event.key === "e" || event.key === "o" || Boolean(decisionKeys[event.key]);
      if ((!data || isUpdating) && isQueueKey) {
        // The list is still loading: say so rather than drop the key or act on a case nobody has seen.
        setMessage({ text: `The cases are still loading; “${event.key}” was not applied. Press it again when the list shows.` });
        return event.preventDefault();
      }
      if (event.key === "j") setIndex((i) => Math.min(i + 1, Math.max(0, cases.length - 1)));
      else if (event.key === "k") setIndex((i) => Math.max(i - 1, 0));
      else if (event.key === "?") setDialog("help");
      else if (event.key === "u") runUndo(lastDecided.length ? lastDecided : current?.status === "decided" ? [current.id] : []);
      else if (event.key === "x" && current) {
        if (!canDecide) return setMessage({ text: "Read-only: viewers cannot select cases for a decision." });
        setChecked((set) => toggle(set, current.id));
      } else if (event.key === "e" && current) {
        if (!canDecide) return setMessage({ text: "Read-only: viewers cannot write notes." });
        setDialog("note");
      } else if (event.key === "o" && current?.examples[0]) router.push(`/traces/${current.examples[0].traceId}`);
      else if (decisionKeys[event.key]) runDecision(edgeCaseDecisionSchema.parse(decisionKeys[event.key]));
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [canDecide, cases.length, commitDecision, current, data, dialog, isUpdating, lastDecided, pending, router, runDecision, runUndo]);

  useEffect(() => {
    const onEscape = (event: KeyboardEvent) => event.key === "Escape" && setDialog(null);
    window.addEventListener("keydown", onEscape);
    return () => window.removeEventListener("keydown", onEscape);
  }, []);

  // The page arrives rendered before its script runs, and until the listeners above are attached a
  // key press does nothing, so the hint that invites one is left out of the server's render. React
  // renders it after hydration, once that render's effects (the listeners) have run.
  const keysReady = useSyncExternalStore(subscribeToNothing, () => true, () => false);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ReviewFilters
          filters={filters}
          runs={runs}
          onChange={(next) => {
            setFilters(next);
            setIndex(0);
            setChecked(new Set());
            router.replace(`/review${searchOfFilters(next)}`, { scroll: false });
          }}
        />
        <p className="text-xs text-slate-500">
          {keysReady ? (
            <>
              Press <kbd className="rounded border border-slate-300 px-1 font-mono">?</kbd> for the keys.
            </>
          ) : null}
          {canDecide ? "" : " Read-only: you are a viewer."}
        </p>
      </div>
      {canDecide && (checked.size > 0 || current) ? (
        <div className="flex flex-wrap items-center gap-2 text-sm" role="toolbar" aria-label="Decide">
          {!checked.size && current && current.status !== "open" ? (
            <span className="text-slate-600">Current case: decided ({decisionLabelOf(current.decision)}); press u or its Undo to reopen it.</span>
          ) : (
            <>
              <span className="text-slate-600">{checked.size ? `${checked.size} selected:` : "Current case:"}</span>
              {edgeCaseDecisionSchema.options.map((decision, i) => (
                <Button key={decision} variant="secondary" disabled={decide.isPending} onClick={() => runDecision(decision)}>
                  {i + 1} {decisionLabels[decision]}
                </Button>
              ))}
            </>
          )}
          <label className="ml-2 flex items-center gap-1 text-slate-600">
            Assign to
            <select
              aria-label="Assign to"
              className="rounded-md border border-slate-500 px-2 py-1 text-sm"
              value=""
              onChange={(event) => {
                const ids = checked.size ? [...checked] : current ? [current.id] : [];
                const assigneeId = event.target.value === "none" ? null : event.target.value;
                assign.mutate({ ids, assigneeId }, { onSuccess: () => setMessage({ text: `Assigned ${ids.length} case${ids.length === 1 ? "" : "s"}.` }), onError: (e) => setMessage({ text: e.message }) });
              }}
            >
              <option value="">choose…</option>
              <option value={userId}>me</option>
              {reviewers.filter((r) => r.userId !== userId).map((r) => (
                <option key={r.userId} value={r.userId}>
                  {r.email}
                </option>
              ))}
              <option value="none">nobody</option>
            </select>
          </label>
        </div>
      ) : null}
      {pending ? <DecisionConfirmation decision={pending.decision} scale={pending.scale} keyName={decisionKeyOf(pending.decision)} isPending={decide.isPending} onConfirm={() => commitDecision(pending.decision, pending.ids)} onCancel={() => setPending(null)} /> : null}
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {message.text}
        {message.link ? (
          <>
            <Link href={message.link.href} className="text-indigo-700 underline">
              {message.link.label}
            </Link>
            .
          </>
        ) : null}
      </p>
      {error ? <p role="alert" className="text-sm text-red-700">{error.message}</p> : null}
      {cases.length ? (
        <>
          <p className="text-sm text-slate-600">
            {data?.total} case{data?.total === 1 ? "" : "s"}
            {initialFilters.status === "open" ? " open" : ""}, highest priority first.
          </p>
          <ol className={`space-y-3 ${isUpdating ? "opacity-60" : ""}`} aria-label="Edge cases" aria-busy={isUpdating}>
            {cases.map((edgeCase, i) => (
              <EdgeCaseCard key={edgeCase.id} edgeCase={edgeCase} isCurrent={edgeCase.id === current?.id} isChecked={checked.has(edgeCase.id)} onToggle={canDecide ? () => setChecked((set) => toggle(set, edgeCase.id)) : undefined} onSelect={() => setIndex(i)} onUndo={canDecide && edgeCase.status === "decided" ? () => runUndo([edgeCase.id]) : undefined} />
            ))}
          </ol>
        </>
      ) : data ? (
        <EmptyState title={isDefault ? "Nothing to review" : "No cases match these filters"}>
          <p>
            Cases appear when the judge panel splits on a rollout, when a rollout earns a high reward while a hack check fires or the panel fails it, when a judge is unsure, or when a reviewer&apos;s label contradicts a judge that is usually right.
          </p>
          {isDefault ? (
            <p>
              Judge some traces first: run the built-in lab with <Code>npm run goodhart -- lab run</Code> (its simulated panel judges the rollouts and detection runs after it), or import traces with verdicts on the Traces page.
            </p>
          ) : (
            <p>
              {/* A full load: the environment field keeps what was typed in it, so a client-side reset would put the filter back on blur. */}
              Other cases may be hidden by the filters above:{" "}
              <a href="/review" className="text-indigo-700 underline">
                show every open case
              </a>
              .
            </p>
          )}
        </EmptyState>
      ) : null}
      {dialog === "help" ? <KeyboardHelpDialog onClose={() => setDialog(null)} /> : null}
      {dialog === "note" && current ? (
        <NoteDialog
          title={current.title}
          initial={current.note ?? ""}
          isSaving={note.isPending}
          onClose={() => setDialog(null)}
          onSave={(text) =>
            note.mutate(
              { id: current.id, note: text },
              { onSuccess: () => (setDialog(null), setMessage({ text: "Note saved." })), onError: (e) => setMessage({ text: e.message }) },
            )
          }
        />
      ) : null}
    </div>
  );
}

function toggle(set: Set<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

const subscribeToNothing = () => () => undefined;
