import type { Metadata } from "next";
import { ReviewQueue } from "@/components/review/review-queue";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, parseRole } from "@/lib/auth/roles";
import { listMembers } from "@/lib/members/list-members";
import { requireMember } from "@/lib/next/page-context";
import { edgeCaseQuerySchema } from "@/lib/review/edge-case-schemas";
import { listEdgeCases } from "@/lib/review/list-edge-cases";
import { listRuns } from "@/lib/runs/list-runs";

export const metadata: Metadata = { title: "Review queue" };
export const dynamic = "force-dynamic";

export default async function ReviewPage() {
  const { db, member } = await requireMember("viewer");
  const [initial, members, runs] = await Promise.all([
    listEdgeCases(db, { projectId: member.projectId, userId: member.userId, query: edgeCaseQuerySchema.parse({ limit: 100 }) }),
    listMembers(db, member.projectId),
    listRuns(db, { projectId: member.projectId }),
  ]);
  const reviewers = members.filter((m) => hasRole(parseRole(m.role), "reviewer")).map((m) => ({ userId: m.userId, email: m.email }));
  return (
    <>
      <PageHeader title="Review queue" description="Edge cases worth a human decision, grouped so that many flagged rollouts make one decision, highest priority first." />
      <ReviewQueue initial={initial} canDecide={hasRole(member.role, "reviewer")} reviewers={reviewers} userId={member.userId} runs={runs.map((run) => ({ id: run.id, name: run.name }))} />
    </>
  );
}
