/** A case-insensitive substring match of the tasks page's search on a task's id, environment, origin or prompt; the query is data, never a pattern. */
export function taskMatches(task: { externalId: string; environment: string; origin: string; prompt: string }, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [task.externalId, task.environment, task.origin, task.prompt].some((field) => field.toLowerCase().includes(needle));
}
