import type { z } from "zod";

/** `steps[2].role` for the path ["steps", 2, "role"]. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const part of path) {
    if (typeof part === "number") text += `[${part}]`;
    else text += text === "" ? String(part) : `.${String(part)}`;
  }
  return text;
}

/** "steps[2].role: Invalid option: ..." for the first issues (at most three), joined by "; ". */
export function formatZodError(error: z.ZodError, prefix?: string): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const path = joinPath(prefix, formatIssuePath(issue.path));
    return path === "" ? issue.message : `${path}: ${issue.message}`;
  });
  const more = error.issues.length - shown.length;
  return more > 0 ? `${shown.join("; ")} (and ${more} more)` : shown.join("; ");
}

export function joinPath(prefix: string | undefined, path: string): string {
  if (!prefix) return path;
  if (path === "") return prefix;
  return path.startsWith("[") ? `${prefix}${path}` : `${prefix}.${path}`;
}
