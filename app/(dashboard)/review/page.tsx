import type { Metadata } from "next";
import { filtersFromSearch } from "@/components/review/queue-filters-url";
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

// The filters live in the URL (?run=…&kind=…), so a link from a run opens the queue filtered and Back restores it;
// the queue keeps its place when its own filter change renders the page again (components/review/review-queue.tsx).
export default async function ReviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db, member } = await requireMember("viewer");
  const filters = filtersFromSearch(await searchParams);
  const [{ list, listedAt }, members, runs] = await Promise.all([
    readQueue(db, { projectId: member.projectId, userId: member.userId, query: edgeCaseQuerySchema.parse({ ...filters, limit: 100 }) }),
    listMembers(db, member.projectId),
    listRuns(db, { projectId: member.projectId }),
  ]);
  const reviewers = members.filter((m) => hasRole(parseRole(m.role), "reviewer")).map((m) => ({ userId: m.userId, email: m.email }));
  return (
    <>
      <PageHeader title="Review queue" description="Edge cases worth a human decision, grouped so that many flagged rollouts make one decision, highest priority first." />
      <ReviewQueue initial={list} initialFilters={filters} listedAt={listedAt} canDecide={hasRole(member.role, "reviewer")} reviewers={reviewers} userId={member.userId} runs={runs.map((run) => ({ id: run.id, name: run.name }))} />
    </>
  );
}

/** The queue's first page and when it was read: the client takes the list as that fresh. */
async function readQueue(...[db, options]: Parameters<typeof listEdgeCases>) {
  const listedAt = Date.now();
  return { list: await listEdgeCases(db, options), listedAt };
}
