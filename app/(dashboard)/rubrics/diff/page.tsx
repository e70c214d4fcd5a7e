import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { PageHeader } from "@/components/ui/page-header";
import { orNotFound } from "@/lib/next/or-not-found";
import { requireMember } from "@/lib/next/page-context";
import { diffRubricVersions } from "@/lib/rubrics/diff-rubric-versions";
import { listRubrics } from "@/lib/rubrics/list-rubrics";
import { pickDefaultDiff } from "@/lib/rubrics/pick-default-diff";

export const metadata: Metadata = { title: "Rubric diff" };

const searchSchema = z.object({ from: z.string().min(1), to: z.string().min(1) });
const show = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export default async function RubricDiffPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db, member } = await requireMember("viewer");
  const parsed = searchSchema.safeParse(await searchParams);
  const rubrics = await listRubrics(db, { projectId: member.projectId });
  // Without a pair asked for: the newest draft against its rubric's latest approved version.
  const pair = parsed.success ? parsed.data : pickDefaultDiff(rubrics);
  const options = rubrics.flatMap((rubric) => rubric.versions.map((v) => ({ id: v.id, label: `${rubric.environment} v${v.version} (${v.status})` })));
  const picker = (
    <form method="get" className="mb-4 flex flex-wrap items-end gap-2 text-sm" aria-label="Pick versions">
      {(["from", "to"] as const).map((name) => (
        <label key={name}>
          {name === "from" ? "From" : "To"}
          <select name={name} aria-label={name === "from" ? "From version" : "To version"} defaultValue={pair?.[name]} className="mt-1 block rounded-md border border-slate-500 px-2 py-1">
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium">
        Diff
      </button>
    </form>
  );
  const back = (
    <p className="mb-2 text-sm">
      <Link href="/rubrics" className="text-indigo-700 underline">
        ← Rubrics
      </Link>
    </p>
  );
  if (!pair)
    return (
      <>
        {back}
        <PageHeader title="Diff rubric versions" description="Any two versions: added, removed and changed items, field by field." />
        {picker}
        <p className="text-sm text-slate-600">
          {options.length < 2 ? "There is only one rubric version so far: start a draft on the Rubrics page to have two to compare." : "Pick two versions and press Diff."}
        </p>
      </>
    );
  const diff = await orNotFound(diffRubricVersions(db, { projectId: member.projectId, fromId: pair.from, toId: pair.to }));
  return (
    <>
      {back}
      <PageHeader
        title={`Diff v${diff.from.version} (${diff.from.status}) → v${diff.to.version} (${diff.to.status})`}
        description={`${parsed.success ? "" : "The latest draft against the latest approved version · "}${diff.added.length} added · ${diff.removed.length} removed · ${diff.changed.length} changed · ${diff.unchanged.length} unchanged`}
      />
      {picker}
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
