/** A task's context as text a policy reads: a string as it is, an object's fields each under its name, anything else as JSON. */
export function renderTaskContext(context: unknown): string {
  if (typeof context === "string") return context;
  if (context && typeof context === "object" && !Array.isArray(context)) {
    return Object.entries(context)
      .map(([key, value]) => `${key}:\n${typeof value === "string" ? value : JSON.stringify(value, null, 2)}`)
      .join("\n\n");
  }
  return JSON.stringify(context, null, 2);
}
