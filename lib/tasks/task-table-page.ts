/** Which rows of the tasks table a page shows: `page` is 1-based, clamped to the pages there are (a page past the last shows the last). */
export function taskTablePage(rows: number, page: number, pageSize: number): { page: number; pages: number; first: number; end: number } {
  const pages = Math.max(1, Math.ceil(rows / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const first = (current - 1) * pageSize;
  return { page: current, pages, first, end: Math.min(rows, first + pageSize) };
}
