import type { Metadata } from "next";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireMember } from "@/lib/next/page-context";

export const metadata: Metadata = { title: "Training runs" };

export default async function RunsPage() {
  await requireMember("viewer");
  return (
    <>
      <PageHeader title="Training runs" description="RL runs with their metrics, divergence windows and behaviour drift." />
      <EmptyState title="No training runs yet">
        <p>Register a run with <Code>POST /api/v1/runs</Code> and send metrics to <Code>POST /api/v1/runs/ID/metrics</Code>, or run the built-in lab with <Code>npm run goodhart -- lab run</Code>.</p>
      </EmptyState>
    </>
  );
}
