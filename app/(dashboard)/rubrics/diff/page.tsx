import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { PageHeader } from "@/components/ui/page-header";
import { orNotFound } from "@/lib/next/or-not-found";
import { requireMember } from "@/lib/next/page-context";
import { diffRubricVersions } from "@/lib/rubrics/diff-rubric-versions";

export const metadata: Metadata = { title: "Rubric diff" };

const searchSchema = z.object({ from: z.string().min(1), to: z.string().min(1) });
const show = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export default async function RubricDiffPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db, member } = await requireMember("viewer");
  const parsed = searchSchema.safeParse(await searchParams);
  if (!parsed.success) return <p className="text-sm">Pick two versions: /rubrics/diff?from=ID&amp;to=ID</p>;
  const diff = await orNotFound(diffRubricVersions(db, { projectId: member.projectId, fromId: parsed.data.from, toId: parsed.data.to }));
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/rubrics" className="text-indigo-700 underline">
          ← Rubrics
        </Link>
      </p>
      <PageHeader title={`Diff v${diff.from.version} → v${diff.to.version}`} description={`${diff.added.length} added · ${diff.removed.length} removed · ${diff.changed.length} changed · ${diff.unchanged.length} unchanged`} />
      <section aria-label="Added items" className="mb-4">
        <h2 className="font-medium text-green-800">Added</h2>
        <ul className="text-sm">
          {diff.added.map((item) => (
            <li key={item.key}>
              + <span className="font-mono">{item.key}</span>: {item.question} ({item.polarity}, weight {item.weight})
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Removed items" className="mb-4">
        <h2 className="font-medium text-red-800">Removed</h2>
        <ul className="text-sm">
          {diff.removed.map((item) => (
            <li key={item.key}>
              − <span className="font-mono">{item.key}</span>: {item.question}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Changed items">
        <h2 className="font-medium text-amber-800">Changed</h2>
        <ul className="text-sm">
          {diff.changed.map(({ key, changes }) => (
            <li key={key} className="mb-2">
              <span className="font-mono">{key}</span>
              <ul className="ml-4">
                {changes.map((change) => (
                  <li key={change.field}>
                    {change.field}: <del className="text-red-700">{show(change.from)}</del> → <ins className="text-green-700">{show(change.to)}</ins>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
