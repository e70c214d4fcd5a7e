import type { ComponentProps, ReactNode } from "react";

// The list tables' look (jobs, runs, judges): one place for the header and cell classes.
const join = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

/** In its own horizontally scrolling box: a table wider than a phone scrolls there, not the whole page. */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="overflow-x-auto">
      <table className={join("w-full border-collapse bg-white text-sm", className)} {...props} />
    </div>
  );
}

/** The header row: small grey capitals over a rule. */
export function TableHead({ children }: { children: ReactNode }) {
  return (
    <thead>
      <tr className="border-b border-slate-200 text-left text-xs uppercase text-slate-500">{children}</tr>
    </thead>
  );
}

export function Th({ className, ...props }: ComponentProps<"th">) {
  return <th className={join("p-2", className)} {...props} />;
}

/** A body row, top-aligned, with a faint rule under it. */
export function Tr({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={join("border-b border-slate-100 align-top", className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<"td">) {
  return <td className={join("p-2", className)} {...props} />;
}
