"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { StepWindow } from "./use-run-chart";

/** Log scale, EMA smoothing and the step window typed in; shared by the run page and the comparison. */
export function ChartControls({ isLog, onLog, smoothing, onSmoothing, window, onWindow }: {
  isLog: boolean;
  onLog: (isLog: boolean) => void;
  smoothing: number;
  onSmoothing: (smoothing: number) => void;
  window: StepWindow;
  onWindow: (window: StepWindow) => void;
}) {
  const [draft, setDraft] = useState({ from: "", to: "" });
  const apply = () => {
    const [from, to] = [Number(draft.from), Number(draft.to)];
    if (draft.from !== "" && draft.to !== "" && Number.isInteger(from) && Number.isInteger(to) && from >= 0 && from <= to) onWindow({ from, to });
  };
  return (
    <div role="group" aria-label="Chart settings" className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={isLog} onChange={(event) => onLog(event.target.checked)} />
        Log scale
      </label>
      <label className="flex items-center gap-2">
        Smoothing
        <input type="range" min={0} max={0.99} step={0.01} value={smoothing} onChange={(event) => onSmoothing(Number(event.target.value))} aria-valuetext={smoothing.toFixed(2)} />
        <output className="w-10 tabular-nums">{smoothing.toFixed(2)}</output>
      </label>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <label className="flex flex-col text-xs text-slate-600">
          From step
          <input type="number" min={0} className="w-28 rounded border border-slate-500 px-2 py-1 text-sm" value={draft.from} placeholder={window ? String(window.from) : ""} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </label>
        <label className="flex flex-col text-xs text-slate-600">
          To step
          <input type="number" min={0} className="w-28 rounded border border-slate-500 px-2 py-1 text-sm" value={draft.to} placeholder={window ? String(window.to) : ""} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </label>
        <Button type="submit" variant="secondary">
          Zoom
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={window === null}
          onClick={() => {
            setDraft({ from: "", to: "" });
            onWindow(null);
          }}
        >
          Reset zoom
        </Button>
      </form>
    </div>
  );
}
