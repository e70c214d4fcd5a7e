import { edgeCaseQuerySchema } from "@/lib/review/edge-case-schemas";
import type { QueueFilters } from "./use-edge-cases";

/** The queue's filters read from the page's search parameters; a bad value falls back to no filter. */
export function filtersFromSearch(search: Record<string, string | string[] | undefined>): QueueFilters {
  const one = (key: string) => (typeof search[key] === "string" ? search[key] : undefined);
  const parsed = edgeCaseQuerySchema.pick({ status: true, kind: true, environment: true, assignee: true, run: true }).safeParse({
    status: one("status"),
    kind: one("kind"),
    environment: one("environment"),
    assignee: one("assignee"),
    run: one("run"),
  });
  return parsed.success ? parsed.data : { status: "open" };
}

/** The filters as the /review URL's query ("open" is the default and left out), so Back and a shared link restore them. */
export function searchOfFilters(filters: QueueFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value && !(key === "status" && value === "open")) params.set(key, String(value));
  const query = params.toString();
  return query ? `?${query}` : "";
}
