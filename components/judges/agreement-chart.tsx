"use client";

import { chartGridColor, chartTickStyle, chartTooltipStyle } from "@/components/ui/chart-theme";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export type AgreementBar = { name: string; accuracy: number; agree: number; total: number };

/** Agreement with the environment's outcome, per judge and for the panel's majority. */
export function AgreementChart({ bars, environment }: { bars: AgreementBar[]; environment: string }) {
  return (
    <figure aria-label={`Agreement with the outcome in ${environment}`} className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={chartGridColor} />
          <XAxis dataKey="name" tick={chartTickStyle} stroke={chartGridColor} interval={0} />
          <YAxis domain={[0, 1]} tickFormatter={(value: number) => `${Math.round(value * 100)}%`} tick={chartTickStyle} stroke={chartGridColor} width={40} />
          <Tooltip contentStyle={chartTooltipStyle} formatter={(value, _name, item) => [`${Math.round(Number(value) * 100)}% (${item.payload.agree} of ${item.payload.total})`, "agrees with outcome"]} />
          <Bar dataKey="accuracy" fill="#6366f1" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
