/** "1 line", "1,120 lines": a count with its noun in the number it takes, grouped in thousands as the UI writes numbers. */
export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? word : many}`;
}
