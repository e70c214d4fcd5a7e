/** "1 line", "1,120 lines": a count with its noun in the number it takes, grouped in thousands as the UI writes numbers. */
export function countOf(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}
