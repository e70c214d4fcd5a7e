import { AppError } from "../errors/app-error";
import { parseUnifiedDiff, type DiffFile } from "../replay/parse-unified-diff";

export type CodeReplaySource = { origin: "commit" | "diff"; commit: string | null; message: string; diff: string; files: DiffFile[] };

const formatPatchStart = /^From ([0-9a-f]{7,64}) /;
const gitShowStart = /^commit ([0-9a-f]{7,64})/;
const firstFileHeader = /^(diff --git |--- )/m;

/**
 * What a code replay task is made of, read from a `git format-patch` text, a `git show` text, or a
 * plain unified diff (which carries no message, so the caller gives one): the commit message (the
 * task), the commit id when the text names it, and the diff (the reference).
 */
export function readCodeReplaySource(text: string, { message: givenMessage }: { message?: string } = {}): CodeReplaySource {
  const normalized = text.replace(/\r\n/g, "\n");
  const diffAt = normalized.search(firstFileHeader);
  if (diffAt < 0) throw new AppError("bad_request", 'No diff found: the text has no "diff --git" or "--- " file header', [{ path: "patch" }]);
  const head = normalized.slice(0, diffAt);
  const { diff, files } = withoutSignature(normalized.slice(diffAt));
  if (!files.length) throw new AppError("bad_request", "The diff changes no file", [{ path: "patch" }]);
  const read = formatPatchStart.test(head) ? readFormatPatch(head) : gitShowStart.test(head) ? readGitShow(head) : { commit: null, message: "" };
  const message = givenMessage?.trim() || read.message;
  if (!message) throw new AppError("bad_request", "A plain diff carries no commit message: send the message, which is the task", [{ path: "message" }]);
  return { origin: read.commit ? "commit" : "diff", commit: read.commit, message, diff, files };
}

function readFormatPatch(head: string) {
  const lines = head.split("\n");
  const commit = formatPatchStart.exec(lines[0]!)![1]!;
  const blank = lines.indexOf("");
  const headers = lines.slice(1, blank < 0 ? lines.length : blank);
  const subject: string[] = [];
  let isInSubject = false;
  for (const line of headers) {
    // A long subject is folded onto lines that start with whitespace.
    if (line.startsWith("Subject:")) subject.push(line.slice(8).trim());
    else if (isInSubject && /^\s/.test(line)) subject.push(line.trim());
    isInSubject = line.startsWith("Subject:") || (isInSubject && /^\s/.test(line));
  }
  const bodyLines = blank < 0 ? [] : lines.slice(blank + 1);
  const separator = bodyLines.indexOf("---");
  const body = (separator < 0 ? bodyLines : bodyLines.slice(0, separator)).join("\n").trim();
  const title = subject.join(" ").replace(/^\[PATCH[^\]]*\]\s*/, "");
  return { commit, message: [title, body].filter(Boolean).join("\n\n") };
}

function readGitShow(head: string) {
  const lines = head.split("\n");
  const commit = gitShowStart.exec(lines[0]!)![1]!;
  const blank = lines.indexOf("");
  const message = (blank < 0 ? [] : lines.slice(blank + 1))
    .filter((line) => line === "" || line.startsWith("    "))
    .map((line) => line.slice(4))
    .join("\n")
    .trim();
  return { commit, message };
}

/**
 * git format-patch ends with a "-- " line and git's version. It is cut off only when that changes no
 * hunk: a removed line reading "- " also starts with "-- ".
 */
function withoutSignature(text: string) {
  const files = parseUnifiedDiff(text);
  const cut = text.replace(/\n-- \n[^\n]*\n*$/, "\n");
  if (cut === text) return { diff: text, files };
  try {
    const cutFiles = parseUnifiedDiff(cut);
    return JSON.stringify(cutFiles) === JSON.stringify(files) ? { diff: cut, files } : { diff: text, files };
  } catch {
    return { diff: text, files };
  }
}
