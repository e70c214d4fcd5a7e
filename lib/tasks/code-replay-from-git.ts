import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { AppError } from "../errors/app-error";
import { readCodeReplaySource, type CodeReplaySource } from "./code-replay-source";

const run = promisify(execFile);

/**
 * A code replay source from a commit of a local git repository: its `git format-patch` text read
 * like one sent over the API, and the tree before it (the first parent; none for a root commit).
 * A merge commit has no single diff and is refused.
 */
export async function readCodeReplayCommit({
  repoDir,
  commit,
}: {
  repoDir: string;
  commit: string;
}): Promise<CodeReplaySource & { baseCommit: string | null }> {
  const git = async (...args: string[]) => {
    try {
      return (await run("git", ["-C", repoDir, ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout;
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim();
      throw new AppError("bad_request", `git ${args[0]} failed in ${repoDir}: ${stderr || (error as Error).message}`);
    }
  };
  const parents = (await git("rev-list", "--parents", "-n", "1", commit)).trim().split(" ").slice(1);
  if (parents.length > 1) throw new AppError("bad_request", `Commit ${commit} is a merge: replay one of its parents' commits instead`);
  const patch = await git("format-patch", "-1", "--stdout", "--no-color", "--no-signature", "--full-index", commit);
  return { ...readCodeReplaySource(patch), baseCommit: parents[0] ?? null };
}
