import { z } from "zod";
import { traceSourceSchema } from "./trace-schema";

// Search params come from a GET form: an empty field means "no filter", a bad value is ignored.
const text = z.preprocess((value) => (Array.isArray(value) ? value[0] : value) || undefined, z.string().trim().min(1).max(500).optional()).catch(undefined);
const number = z.preprocess((value) => (Array.isArray(value) ? value[0] : value) || undefined, z.coerce.number().finite().optional()).catch(undefined);
const day = z.preprocess((value) => (Array.isArray(value) ? value[0] : value) || undefined, z.iso.date().optional()).catch(undefined);

export const traceSortKeys = ["createdAt", "reward", "stepCount"] as const;
export type TraceSortKey = (typeof traceSortKeys)[number];

/** The /traces filters, as URL search params. */
export const traceListQuerySchema = z.object({
  source: z.preprocess((value) => value || undefined, traceSourceSchema.optional()).catch(undefined),
  environment: text,
  /** A TrainingRun id or a run name. */
  run: text,
  rewardMin: number,
  rewardMax: number,
  hasOpenEdgeCase: z.preprocess((value) => value === "1" || value === "true" || value === "on", z.boolean()).catch(false),
  /** Created on or after this day (UTC). */
  from: day,
  /** Created on or before this day (UTC). */
  to: day,
  q: text,
  sort: z.enum(traceSortKeys).catch("createdAt"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  cursor: text,
});
export type TraceListQuery = z.infer<typeof traceListQuerySchema>;

/** The query as URL search params, without defaults, for links that change one thing. */
export function toTraceSearchParams(query: Partial<TraceListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === false || value === "") continue;
    if (key === "sort" && value === "createdAt") continue;
    if (key === "dir" && value === "desc") continue;
    params.set(key, value === true ? "1" : String(value));
  }
  return params;
}

/**
 * A page's position in the list: the last row's sort value and id (the page after it), or with
 * `before` the first row's (the page before it, read backwards from it).
 */
export type TraceListCursor = { value: string | number | null; id: string; before?: boolean };

/** Filters no trace can pass together (a reward minimum above the maximum, a first day after the last), said as the reason a list is empty. */
export function contradictoryFilters(query: Pick<TraceListQuery, "rewardMin" | "rewardMax" | "from" | "to">): string[] {
  const reasons: string[] = [];
  if (query.rewardMin !== undefined && query.rewardMax !== undefined && query.rewardMin > query.rewardMax)
    reasons.push(`Reward min ${query.rewardMin} is above Reward max ${query.rewardMax}, so no trace can match.`);
  if (query.from && query.to && query.from > query.to) reasons.push(`From ${query.from} is after To ${query.to}, so no trace can match.`);
  return reasons;
}

/** The query's days as a half-open range of instants (UTC): from the start of `from` to the end of `to`. */
export function createdAtRange(query: Pick<TraceListQuery, "from" | "to">): { gte?: Date; lt?: Date } {
  return {
    ...(query.from ? { gte: new Date(`${query.from}T00:00:00.000Z`) } : {}),
    ...(query.to ? { lt: new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + 86_400_000) } : {}),
  };
}
