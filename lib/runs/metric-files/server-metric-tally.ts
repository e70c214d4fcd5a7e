import { isServerMetricName, SERVER_METRIC_NAME_REFUSAL } from "../server-metric-names";
import type { MetricFileResult } from "./metric-file-result";

type Where = { line?: number; index?: number };

/**
 * Points a metrics file names under the server's prefix, left out as POST /metrics refuses them:
 * one rejected entry per name, at the line or record where it first appears, with how many points
 * it had (a file exported from another Goodhart holds them on every row).
 */
export function serverMetricTally() {
  const names = new Map<string, { where: Where; points: number }>();
  return {
    /** True when `name` is the server's: the point is counted here and not imported. */
    leavesOut(name: string, where: Where): boolean {
      if (!isServerMetricName(name)) return false;
      const seen = names.get(name);
      if (seen) seen.points++;
      else names.set(name, { where, points: 1 });
      return true;
    },
    rejected(): MetricFileResult["rejected"] {
      return [...names].map(([name, { where, points }]) => ({ ...where, error: `${name}: ${SERVER_METRIC_NAME_REFUSAL}; its ${points === 1 ? "point was" : `${points} points were`} left out` }));
    },
  };
}
