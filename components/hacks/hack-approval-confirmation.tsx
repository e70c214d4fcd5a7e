import { Button } from "@/components/ui/button";
import type { HackApprovalScale } from "@/lib/hacks/hack-approval-scale";
import { plural } from "@/lib/words/plural";

/** Inline: which rubric draft the hack's check goes into and how many traces that rubric scores; one more click approves. */
export function HackApprovalConfirmation({ name, scale, formAction, isApproving, onCancel }: { name: string; scale: HackApprovalScale; formAction: (data: FormData) => void; isApproving: boolean; onCancel: () => void }) {
  const { environment, draft, traces, examples } = scale;
  const target = `rubric ${environment} v${draft.version}`;
  const which = draft.isNew ? `a new draft${draft.basedOnVersion ? ` copied from approved v${draft.basedOnVersion}` : ""}` : "its open draft";
  return (
    <div role="group" aria-label={`Confirm approval of ${name}`} className="flex w-full flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <span>
        Approving adds its hack check to {target} ({which}), which scores the {plural(traces, "trace")} of {environment}; {plural(examples, "example trace")} back it. The draft still needs its own approval.
      </span>
      <Button type="submit" formAction={formAction} disabled={isApproving}>
        Approve into {target}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
