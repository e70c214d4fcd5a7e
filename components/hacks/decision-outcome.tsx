import Link from "next/link";

type DecidedHack = {
  status: string;
  environment: string | null;
  decisionNote: string | null;
  rubricItems: { id: string; key: string; rubricVersion: { id: string; version: number; status: string } }[];
};

/** Said on the entry just decided: an approval links to the rubric version now holding its check. */
export function DecisionOutcome({ hack }: { hack: DecidedHack }) {
  const latest = [...hack.rubricItems].sort((a, b) => b.rubricVersion.version - a.rubricVersion.version)[0];
  return (
    <p role="status" className="mt-2 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
      {hack.status === "approved" ? (
        latest ? (
          <>
            Approved: its check <span className="break-all font-mono">{latest.key}</span> is in{" "}
            <Link href={`/rubrics/${latest.rubricVersion.id}`} className="text-indigo-700 underline">
              rubric {hack.environment} v{latest.rubricVersion.version} ({latest.rubricVersion.status})
            </Link>
            {latest.rubricVersion.status === "draft" ? ", which needs its own approval before rewards use it." : "."}
          </>
        ) : (
          "Approved."
        )
      ) : (
        `Rejected: ${hack.decisionNote ?? ""}`
      )}
    </p>
  );
}
