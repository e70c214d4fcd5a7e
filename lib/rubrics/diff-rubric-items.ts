import { canonicalJson } from "../traces/hash-trace";

export type DiffableItem = { key: string; question: string; polarity: string; weight: number; check: unknown; position: number; knownHackId?: string | null };
export type FieldChange = { field: "question" | "polarity" | "weight" | "check" | "position"; from: unknown; to: unknown };
export type RubricDiff = {
  added: DiffableItem[];
  removed: DiffableItem[];
  changed: Array<{ key: string; changes: FieldChange[] }>;
  unchanged: string[];
};

const fields: FieldChange["field"][] = ["question", "polarity", "weight", "check", "position"];

/**
 * Items are matched by key; a matched item lists each field whose value differs. A position
 * counts as changed only when the item's order among the items both versions share changed, so
 * adding or deleting one item does not show every later item as moved.
 */
export function diffRubricItems(from: DiffableItem[], to: DiffableItem[]): RubricDiff {
  const before = new Map(from.map((item) => [item.key, item]));
  const after = new Map(to.map((item) => [item.key, item]));
  const rankIn = (items: DiffableItem[], other: Map<string, DiffableItem>) =>
    new Map([...items].sort((a, b) => a.position - b.position).filter((item) => other.has(item.key)).map((item, rank) => [item.key, rank]));
  const rankBefore = rankIn(from, after);
  const rankAfter = rankIn(to, before);
  const diff: RubricDiff = { added: [], removed: [], changed: [], unchanged: [] };
  for (const item of to) if (!before.has(item.key)) diff.added.push(item);
  for (const item of from) {
    const next = after.get(item.key);
    if (!next) {
      diff.removed.push(item);
      continue;
    }
    const changes = fields.flatMap((field) => {
      const same = field === "position" ? rankBefore.get(item.key) === rankAfter.get(item.key) : canonicalJson(item[field]) === canonicalJson(next[field]);
      return same ? [] : [{ field, from: item[field], to: next[field] }];
    });
    if (changes.length) diff.changed.push({ key: item.key, changes });
    else diff.unchanged.push(item.key);
  }
  return diff;
}
