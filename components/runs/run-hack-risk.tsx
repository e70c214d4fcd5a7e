import type { RunListItem } from "@/lib/runs/list-runs";

const LEVEL_STYLE = {
  none: "border-slate-200 bg-white text-slate-700",
  watch: "border-amber-300 bg-amber-50 text-amber-900",
  likely: "border-red-300 bg-red-50 text-red-900",
} as const;

/** The monitor's hack-risk verdict for the run in one line, with the evidence behind it on demand. */
export function RunHackRisk({ hackRisk }: { hackRisk: RunListItem["hackRisk"] }) {
  if (!hackRisk) return null;
  return (
    <section aria-label="Hack risk" className={`mb-4 rounded-lg border px-4 py-2 text-sm ${LEVEL_STYLE[hackRisk.level]}`}>
      <p>
        <span className="font-semibold">Hack risk: {hackRisk.level}.</span> {hackRisk.level === "none" || !hackRisk.evidence[0] ? hackRisk.summary : `${capitalized(hackRisk.evidence[0])}.`}
      </p>
      {hackRisk.evidence.length > 1 ? (
        <details className="mt-1">
          <summary className="cursor-pointer">All evidence ({hackRisk.evidence.length})</summary>
          <ul className="mt-1 list-disc pl-5">
            {hackRisk.evidence.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

// The summary's own lead ("Hack likely:", "Watch:") would repeat the level beside it.
const capitalized = (line: string) => line.charAt(0).toUpperCase() + line.slice(1);
