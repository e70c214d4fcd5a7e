import { Button } from "@/components/ui/button";
import type { RubricApprovalScale } from "@/lib/rubrics/rubric-approval-scale";
import { plural } from "@/lib/words/plural";

/** Inline: the rubric, its items and the traces it will score, and the version it takes over from; one more click approves. */
export function RubricApprovalConfirmation({ scale, isApproving, onCancel }: { scale: RubricApprovalScale; isApproving: boolean; onCancel: () => void }) {
  const { environment, version, items, traces, replacesVersion } = scale;
  return (
    <div role="group" aria-label="Confirm approval" className="flex w-full flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <span>
        Approving makes rubric {environment} v{version} ({plural(items, "item")}) immutable and the version the reward API and new runs use for the {plural(traces, "trace")} of {environment}
        {replacesVersion ? `, in place of v${replacesVersion}` : ""}.
      </span>
      <Button type="submit" disabled={isApproving}>
        Approve {environment} v{version}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
