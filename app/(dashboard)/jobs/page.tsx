import type { Metadata } from "next";
import { JobsTable } from "@/components/jobs/jobs-table";
import { PageHeader } from "@/components/ui/page-header";
import { requireMember } from "@/lib/next/page-context";

export const metadata: Metadata = { title: "Jobs" };

export default async function JobsPage() {
  const { member } = await requireMember("viewer");
  return (
    <>
      <PageHeader title="Jobs" description="Pipeline work the workers run: imports, judge runs, extraction, lab runs." />
      <JobsTable canManage={member.role === "admin"} />
    </>
  );
}
