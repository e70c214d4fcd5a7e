"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartRow } from "@/lib/runs/load-run-metrics";

const lines = [
  { key: "reward/proxy", label: "Proxy reward", color: "#4f46e5" },
  { key: "success/train", label: "True success (train)", color: "#16a34a" },
  { key: "success/heldout", label: "True success (held-out)", color: "#0d9488" },
  { key: "hack_rate", label: "Hack rate", color: "#dc2626" },
] as const;

/** Proxy reward against the true outcome per step: where they part, the policy is hacking the rubric. */
export function RunMetricsChart({ rows }: { rows: ChartRow[] }) {
  return (
    <figure aria-label="Proxy reward and true success by step" className="h-80 w-full rounded-lg border border-slate-200 bg-white p-4">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="step" type="number" domain={["dataMin", "dataMax"]} tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 1]} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => (typeof value === "number" ? value.toFixed(3) : String(value))} />
          <Legend />
          {lines.map((line) => (
            <Line key={line.key} dataKey={line.key} name={line.label} stroke={line.color} dot={false} isAnimationActive={false} connectNulls={line.key === "success/heldout"} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
