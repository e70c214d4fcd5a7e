import type { DifficultyBand } from "./difficulty";

/** The /tasks address for a band, a search and a table page (the first page and an empty search left out); the band as `low,high`, as the page reads it. */
export function tasksPageHref({ band, search = "", page = 1 }: { band: DifficultyBand; search?: string; page?: number }): string {
  return `/tasks?band=${band.low},${band.high}${search ? `&q=${encodeURIComponent(search)}` : ""}${page > 1 ? `&page=${page}` : ""}`;
}
