export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 w-full overflow-hidden rounded bg-slate-200">
      <div className="h-full bg-indigo-500 transition-[width] duration-300" style={{ width: `${percent}%` }} />
    </div>
  );
}
