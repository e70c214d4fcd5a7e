import { formatMetric as f } from "./format-metric";

/** "first 0.74 → best 0.80 → last 0.38": each number named, so the arrows read without a legend. */
export function LabelledArrow({ values }: { values: [label: string, value: number][] }) {
  return (
    <>
      {values.map(([label, value], i) => (
        <span key={label}>
          {i ? " → " : ""}
          <span className="text-xs text-slate-500">{label}</span> {f(value)}
        </span>
      ))}
    </>
  );
}
