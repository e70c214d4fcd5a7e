"use client";

import { Button } from "@/components/ui/button";
import { decisionLabels, type EdgeCaseDecision } from "@/lib/review/edge-case-schemas";
import { describeScale, type DecisionScale } from "./decision-scale";

/** Inline, not a modal: the decision's scale, confirmed by its key again, Enter or the button; Esc cancels. */
export function DecisionConfirmation({ decision, scale, keyName, isPending, onConfirm, onCancel }: { decision: EdgeCaseDecision; scale: DecisionScale; keyName: string; isPending: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div role="group" aria-label="Confirm decision" className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <span>
        {decisionLabels[decision]} on {describeScale(scale)}? Press <kbd className="rounded border border-amber-400 px-1 font-mono">{keyName}</kbd> again or{" "}
        <kbd className="rounded border border-amber-400 px-1 font-mono">Enter</kbd> to decide, <kbd className="rounded border border-amber-400 px-1 font-mono">Esc</kbd> to cancel.
      </span>
      <Button onClick={onConfirm} disabled={isPending}>
        {decisionLabels[decision]}: {scale.traces} traces
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
