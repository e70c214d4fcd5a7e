import type { Agreement } from "@/lib/judges/compute-agreement";

/** A 3x3 confusion matrix: the reference label down, the judge's label across. */
export function ConfusionTable({ title, agreement }: { title: string; agreement: Agreement }) {
  const { matrix } = agreement;
  const rows = matrix.labels.filter((label) => label !== "unsure" || Object.values(matrix.counts.unsure).some((n) => n > 0));
  return (
    <table aria-label={`Confusion matrix of ${title}`} className="border-collapse text-xs">
      <caption className="mb-1 text-left font-medium">{title}</caption>
      <thead>
        <tr>
          <th className="p-1" />
          {matrix.labels.map((label) => (
            <th key={label} scope="col" className="p-1 text-slate-500">
              judge {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row}>
            <th scope="row" className="p-1 text-left text-slate-500">
              outcome {row}
            </th>
            {matrix.labels.map((col) => (
              <td key={col} className={`border border-slate-200 p-1 text-center ${row === col ? "bg-indigo-50 font-semibold" : ""}`}>
                {matrix.counts[row][col]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
