type VersionRow = { id: string; version: number; status: string; createdAt: Date; approvedAt: Date | null };

/**
 * The pair /rubrics/diff opens on when none is asked for: the newest draft (of any rubric)
 * against its rubric's latest approved version; without a draft, the two latest approved
 * versions of the rubric approved last; null when no rubric has two versions to compare.
 */
export function pickDefaultDiff(rubrics: Array<{ versions: VersionRow[] }>): { from: string; to: string } | null {
  const newest = <T>(rows: T[], at: (row: T) => number) => rows.reduce<T | null>((best, row) => (best === null || at(row) > at(best) ? row : best), null);
  const byVersion = (versions: VersionRow[]) => [...versions].sort((a, b) => b.version - a.version);
  const drafts = rubrics.flatMap(({ versions }) => {
    const sorted = byVersion(versions);
    const draft = sorted.find((v) => v.status === "draft");
    const approved = sorted.find((v) => v.status === "approved");
    return draft && approved ? [{ draft, approved }] : [];
  });
  const draftPair = newest(drafts, ({ draft }) => draft.createdAt.getTime());
  if (draftPair) return { from: draftPair.approved.id, to: draftPair.draft.id };
  const approvedPairs = rubrics.flatMap(({ versions }) => {
    const [latest, previous] = byVersion(versions).filter((v) => v.status === "approved");
    return latest && previous ? [{ latest, previous }] : [];
  });
  const approvedPair = newest(approvedPairs, ({ latest }) => latest.approvedAt?.getTime() ?? 0);
  return approvedPair ? { from: approvedPair.previous.id, to: approvedPair.latest.id } : null;
}
