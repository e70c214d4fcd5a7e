import { parsePatch, type StructuredPatch } from "diff";
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

type GitPatch = StructuredPatch & { isGit?: boolean; isRename?: boolean; isCreate?: boolean; isDelete?: boolean; isBinary?: boolean };

const gitSignature = /\n-- \n[^\n]*\n*$/;
const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * The files and hunks of a unified diff (jsdiff's parsePatch): plain `diff -u`, `git diff`, or the
 * diff inside a `git format-patch` or `git show` text (what comes before the first file header is
 * ignored). Hunks are read by the line counts in their headers, so a removed line that reads
 * "--- x" is still a line. A hunk cut short is refused with the line where it broke.
 */
export function parseUnifiedDiff(text: string): DiffFile[] {
  const normalized = text.replace(/\r\n/g, "\n");
  let patches: GitPatch[];
  try {
    patches = parsePatch(normalized) as GitPatch[];
  } catch (error) {
    // jsdiff refuses hunk-like lines after a hunk's counts are used up, which is what the "-- " line
    // of git format-patch's signature looks like: such a text is read without its signature.
    const unsigned = normalized.replace(gitSignature, "\n");
    if (unsigned === normalized) throw brokenHunkError(normalized.split("\n"), error);
    try {
      patches = parsePatch(unsigned) as GitPatch[];
    } catch {
      throw brokenHunkError(normalized.split("\n"), error);
    }
  }
  return patches.map(toDiffFile).filter((file) => file.path);
}

function toDiffFile(patch: GitPatch): DiffFile {
  const oldPath = pathOf(patch.oldFileName);
  const newPath = pathOf(patch.newFileName);
  const status =
    patch.isCreate || oldPath === null
      ? "added"
      : patch.isDelete || newPath === null
        ? "deleted"
        : patch.isRename || oldPath !== newPath
          ? "renamed"
          : "modified";
  return {
    oldPath,
    newPath,
    path: newPath ?? oldPath ?? "",
    status,
    isBinary: patch.isBinary === true,
    hunks: patch.hunks.map((hunk) => ({
      // jsdiff moves an empty side's start one line down; the header's own number is kept here.
      oldStart: hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart,
      oldLines: hunk.oldLines,
      newStart: hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart,
      newLines: hunk.newLines,
      lines: hunk.lines.flatMap((line): DiffLine[] => {
        const marker = line[0];
        if (marker === "+") return [{ kind: "add", text: line.slice(1) }];
        if (marker === "-") return [{ kind: "delete", text: line.slice(1) }];
        // "\ No newline at end of file" is a note on the line before it, not a line.
        if (marker === "\\") return [];
        return [{ kind: "context", text: line.slice(1) }];
      }),
    })),
  };
}

/**
 * jsdiff names only the hunk whose counts did not add up; the reader is told what is missing and
 * the line where the hunk broke, read again from that hunk's header.
 */
function brokenHunkError(lines: string[], error: unknown): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  const at = /hunk at line (\d+)/i.exec(reason);
  const header = at ? hunkHeader.exec(lines[Number(at[1]) - 1] ?? "") : null;
  if (!at || !header) return new AppError("bad_request", `Not a unified diff: ${reason}`, [{ message: reason }]);
  let oldLeft = Number(header[2] ?? 1);
  let newLeft = Number(header[4] ?? 1);
  let index = Number(at[1]);
  for (; index < lines.length && (oldLeft > 0 || newLeft > 0); index++) {
    const body = lines[index]!;
    // The text's final newline leaves one empty string after the last line: that is the end, not a line.
    if (index === lines.length - 1 && body === "") break;
    const marker = body === "" ? " " : body[0];
    if (marker === " ") {
      oldLeft -= 1;
      newLeft -= 1;
    } else if (marker === "-") oldLeft -= 1;
    else if (marker === "+") newLeft -= 1;
    else if (marker !== "\\") break;
  }
  const message =
    oldLeft < 0 || newLeft < 0 || (oldLeft === 0 && newLeft === 0)
      ? "the hunk has more lines than its header counts"
      : `the hunk ends early (${oldLeft} old and ${newLeft} new lines missing)`;
  return new AppError("bad_request", `Not a unified diff: ${message} at line ${index + 1}`, [{ line: index + 1, message }]);
}

function pathOf(name: string | undefined): string | null {
  const trimmed = (name ?? "").trim().replace(/^"(.*)"$/, "$1");
  if (trimmed === "" || trimmed === "/dev/null") return null;
  return trimmed.replace(/^[ab]\//, "");
}
