import { utcTime } from "@/lib/words/utc-time";
import type { RunChartEvent, RunChartUnplacedEvent } from "@/lib/runs/run-chart-types";

/** The events under the charts: those drawn at their step, and those sent without one, which no chart can place. */
export function RunEventsList({ events, unplacedEvents, runNames }: { events: RunChartEvent[]; unplacedEvents: RunChartUnplacedEvent[]; runNames?: Map<string, string> }) {
  if (events.length === 0 && unplacedEvents.length === 0) return null;
  const runOf = (runId: string) => (runNames ? `${runNames.get(runId) ?? runId} · ` : "");
  return (
    <section aria-label="Events">
      <h3 className="text-sm font-medium">Events</h3>
      <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
        {events.map((event, i) => (
          <li key={i}>
            {runOf(event.runId)}step {event.step.toLocaleString()} · <span className="font-medium">{event.kind}</span>
            {event.message ? ` · ${event.message}` : ""}
          </li>
        ))}
      </ul>
      {unplacedEvents.length > 0 ? (
        <>
          <h4 className="mt-2 text-xs font-medium text-slate-700">Sent without a step (not on the charts)</h4>
          <ul aria-label="Events without a step" className="mt-1 space-y-0.5 text-xs text-slate-600">
            {unplacedEvents.map((event, i) => (
              <li key={i}>
                {runOf(event.runId)}
                <time dateTime={event.time}>{utcTime(event.time)}</time> · <span className="font-medium">{event.kind}</span>
                {event.message ? ` · ${event.message}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
