/**
 * The list with the element at `from` taken out and put back at `to` (both clamped to the list),
 * every other element keeping its relative order: moving by one place swaps two neighbours,
 * never more.
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const result = [...list];
  if (from < 0 || from >= list.length) return result;
  const target = Math.min(Math.max(to, 0), list.length - 1);
  const [moved] = result.splice(from, 1);
  result.splice(target, 0, moved!);
  return result;
}
