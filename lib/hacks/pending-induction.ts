/**
 * A confirmed hack's proposed item before its check is induced: the key and question from the
 * case's label, no check, and `induction.status` "measuring" (the hacks.induce job replaces it
 * with the induced, measured item) or "failed" (with the error a reviewer can read).
 */
export type PendingInduction = { status: "measuring" | "failed"; label: string; error?: string };

export function keyForLabel(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "").slice(0, 60) || "suspected_hack";
}

export function pendingHackItem(label: string): Record<string, unknown> {
  return { key: keyForLabel(label), question: `Does the trace show this: ${label}?`, polarity: "hack", weight: 1, induction: { status: "measuring", label } satisfies PendingInduction };
}

/** The pending induction of a stored proposed item, or null when its check is in place. */
export function pendingInductionOf(item: unknown): PendingInduction | null {
  if (typeof item !== "object" || item === null) return null;
  const induction = (item as { induction?: unknown }).induction;
  if (typeof induction !== "object" || induction === null) return null;
  const { status, label, error } = induction as Record<string, unknown>;
  if ((status !== "measuring" && status !== "failed") || typeof label !== "string") return null;
  return { status, label, ...(typeof error === "string" ? { error } : {}) };
}
