import { AppError } from "../errors/app-error";

export type DiffLine = { kind: "context" | "add" | "delete"; text: string };
export type DiffHunk = { oldStart: number; oldLines: number; newStart: number; newLines: number; lines: DiffLine[] };
export type DiffFile = {
  oldPath: string | null;
  newPath: string | null;
  path: string;
  status: "added" | "deleted" | "modified" | "renamed";
  isBinary: boolean;
  hunks: DiffHunk[];
};

const gitHeader = /^diff --git (?:"?a\/(.+?)"?) (?:"?b\/(.+?)"?)$/;
const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * The files and hunks of a unified diff: plain `diff -u`, `git diff`, or the diff inside a
 * `git format-patch` or `git show` text (what comes before the first file header is ignored).
 * Hunks are read by the line counts in their headers, so a removed line that reads "--- x" is
 * still a line. A hunk cut short is refused with the line where it broke.
 */
export function parseUnifiedDiff(text: string): DiffFile[] {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const files: DiffFile[] = [];
  let file: DiffFile | null = null;
  let index = 0;
  const fail = (message: string) => {
    throw new AppError("bad_request", `Not a unified diff: ${message} at line ${index + 1}`, [{ line: index + 1, message }]);
  };
  while (index < lines.length) {
    const line = lines[index]!;
    const git = gitHeader.exec(line);
    if (git) {
      file = { oldPath: git[1]!, newPath: git[2]!, path: git[2]!, status: git[1] === git[2] ? "modified" : "renamed", isBinary: false, hunks: [] };
      files.push(file);
      index += 1;
      continue;
    }
    if (line.startsWith("--- ") && lines[index + 1]?.startsWith("+++ ")) {
      const oldPath = pathOf(line.slice(4));
      const newPath = pathOf(lines[index + 1]!.slice(4));
      // In git's output the ---/+++ pair belongs to the file its "diff --git" line opened.
      if (!file || file.hunks.length || !isGitFileOpen(lines, index)) {
        file = { oldPath, newPath, path: "", status: "modified", isBinary: false, hunks: [] };
        files.push(file);
      }
      file.oldPath = oldPath;
      file.newPath = newPath;
      file.path = newPath ?? oldPath ?? fail("a file header names no file");
      file.status = oldPath === null ? "added" : newPath === null ? "deleted" : oldPath !== newPath ? "renamed" : "modified";
      index += 2;
      continue;
    }
    if (file && /^new file mode /.test(line)) file.status = "added";
    if (file && /^deleted file mode /.test(line)) file.status = "deleted";
    if (file && /^Binary files .* differ$|^GIT binary patch$/.test(line)) file.isBinary = true;
    const hunk = hunkHeader.exec(line);
    if (hunk) {
      if (!file) fail("a hunk comes before any file header");
      const parsed: DiffHunk = {
        oldStart: Number(hunk[1]),
        oldLines: Number(hunk[2] ?? 1),
        newStart: Number(hunk[3]),
        newLines: Number(hunk[4] ?? 1),
        lines: [],
      };
      let oldLeft = parsed.oldLines;
      let newLeft = parsed.newLines;
      index += 1;
      while (oldLeft > 0 || newLeft > 0) {
        // The text's final newline leaves one empty string after the last line: that is the end, not a line.
        if (index >= lines.length || (index === lines.length - 1 && lines[index] === ""))
          fail(`the hunk ends early (${oldLeft} old and ${newLeft} new lines missing)`);
        const body = lines[index]!;
        const marker = body[0];
        // An empty line in a hunk is a context line whose trailing space was trimmed by an editor or mailer.
        if (marker === " " || body === "") {
          parsed.lines.push({ kind: "context", text: body.slice(1) });
          oldLeft -= 1;
          newLeft -= 1;
        } else if (marker === "-") {
          parsed.lines.push({ kind: "delete", text: body.slice(1) });
          oldLeft -= 1;
        } else if (marker === "+") {
          parsed.lines.push({ kind: "add", text: body.slice(1) });
          newLeft -= 1;
        } else if (marker !== "\\") {
          fail(`the hunk ends early (${oldLeft} old and ${newLeft} new lines missing)`);
        }
        if (oldLeft < 0 || newLeft < 0) fail("the hunk has more lines than its header counts");
        index += 1;
      }
      if (lines[index]?.startsWith("\\")) index += 1;
      file!.hunks.push(parsed);
      continue;
    }
    index += 1;
  }
  return files.filter((f) => f.path);
}

/** Whether the ---/+++ pair at `index` follows a "diff --git" line with only extended headers between. */
function isGitFileOpen(lines: string[], index: number): boolean {
  for (let at = index - 1; at >= 0; at -= 1) {
    const line = lines[at]!;
    if (gitHeader.test(line)) return true;
    if (
      !/^(index |old mode |new mode |new file mode |deleted file mode |similarity index |dissimilarity index |rename from |rename to |copy from |copy to )/.test(
        line,
      )
    )
      return false;
  }
  return false;
}

function pathOf(header: string): string | null {
  const name = header
    .split("\t")[0]!
    .trim()
    .replace(/^"(.*)"$/, "$1");
  if (name === "/dev/null") return null;
  return name.replace(/^[ab]\//, "");
}
