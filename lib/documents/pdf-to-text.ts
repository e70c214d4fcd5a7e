import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AppError } from "../errors/app-error";

/**
 * What reading one PDF may cost. The reader runs in its own process: `memoryMb` caps its V8 heap
 * (--max-old-space-size) and its resident memory (watched here; pdf.js inflates a stream into
 * buffers outside the heap, so a flate bomb is stopped by this cap, not by a count of inflated bytes);
 * `timeoutMs` its life; `maxPages` and `maxChars` how much text it returns. At most `concurrent`
 * readers run at once and `queued` more wait, so the machine holds at most concurrent × memoryMb for PDFs.
 */
export const pdfLimits = { maxPages: 2_000, maxChars: 8 * 1024 * 1024, memoryMb: 384, timeoutMs: 30_000, concurrent: 2, queued: 8 };
export type PdfLimits = typeof pdfLimits;

type ReaderAnswer = { text: string; pages: number; pagesRead: number; truncated: boolean } | { error: { kind: "nesting" | "cycle" | "unreadable"; message: string } };

const scriptName = "pdf-text-process.mjs";
/** Beside this file under tsx (dev, the worker, the CLI, tests); from the repository root in the built Next app, whose bundles live elsewhere. */
function readerScript(): string {
  const here = (() => {
    try {
      return path.join(path.dirname(fileURLToPath(import.meta.url)), scriptName);
    } catch {
      return null;
    }
  })();
  return here && existsSync(here) ? here : path.join(process.cwd(), "lib", "documents", scriptName);
}

let running = 0;
const waiting: (() => void)[] = [];

/**
 * The text of a PDF, page by page (pages separated by a blank line, lines as the PDF breaks them), read
 * with Mozilla's pdf.js in a child process within `limits`. Whatever goes wrong there (a structure pdf.js
 * cannot read, nesting too deep, a page tree with a cycle, too much memory, too much time, a crash)
 * is a 400 or 422 naming it, at `base64`; this process never holds the PDF's parsed objects.
 */
export async function pdfToText(bytes: Uint8Array, limits: PdfLimits = pdfLimits): Promise<string> {
  if (running >= limits.concurrent) {
    if (waiting.length >= limits.queued) throw new AppError("unavailable", "base64: too many PDFs are being read right now; send it again shortly", [{ path: "base64", message: "too many PDFs are being read right now" }], { retryAfterSeconds: 5 });
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return describe(await runReader(bytes, limits), limits);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function refused(code: "bad_request" | "unprocessable", message: string): AppError {
  return new AppError(code, `base64: ${message}`, [{ path: "base64", message }]);
}

function describe(answer: ReaderAnswer, limits: PdfLimits): string {
  if ("error" in answer) {
    const { kind, message } = answer.error;
    throw refused("bad_request", kind === "unreadable" ? `not a readable PDF (${message})` : `the PDF cannot be read: ${message}`);
  }
  const notes = [];
  if (answer.truncated) notes.push(`[text past ${limits.maxChars.toLocaleString("en")} characters not read]`);
  else if (answer.pages > answer.pagesRead) notes.push(`[pages ${answer.pagesRead + 1} to ${answer.pages} not read]`);
  return [answer.text, ...notes].filter((part) => part !== "").join("\n\n");
}

type Stop = { reason: "timeout" | "memory" | "output" } | null;

function runReader(bytes: Uint8Array, limits: PdfLimits): Promise<ReaderAnswer> {
  // No environment: nothing the reader runs (it runs no script, but it reads hostile bytes) can see a secret.
  const child = spawn(process.execPath, [`--max-old-space-size=${limits.memoryMb}`, readerScript(), String(limits.maxPages), String(limits.maxChars)], { env: {} as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
  let stop: Stop = null;
  const kill = (reason: NonNullable<Stop>["reason"]) => {
    stop ??= { reason };
    child.kill("SIGKILL");
  };
  const timer = setTimeout(() => kill("timeout"), limits.timeoutMs);
  const watch = setInterval(() => {
    if (residentMb(child.pid) > limits.memoryMb) kill("memory");
  }, 20);
  // JSON escapes a character in at most 6 bytes; anything longer is not the reader's answer.
  const maxOutput = limits.maxChars * 6 + 1024 * 1024;
  const out: Buffer[] = [];
  let outBytes = 0;
  let errText = "";
  child.stdout.on("data", (chunk: Buffer) => {
    outBytes += chunk.length;
    if (outBytes > maxOutput) kill("output");
    else out.push(chunk);
  });
  child.stderr.on("data", (chunk: Buffer) => (errText = (errText + chunk.toString()).slice(-4096)));
  // The reader may die before it has read all of stdin; its exit says why, not the broken pipe.
  child.stdin.on("error", () => {});
  child.stdin.end(bytes);
  return new Promise((resolve, reject) => {
    child.once("error", (error) => {
      clearTimeout(timer);
      clearInterval(watch);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      clearInterval(watch);
      const seconds = limits.timeoutMs / 1000;
      if (stop?.reason === "timeout") return reject(refused("unprocessable", `the PDF could not be read within ${seconds} s (the limit)`));
      if (stop?.reason === "memory" || /heap out of memory|allocation failed/i.test(errText)) {
        return reject(refused("unprocessable", `reading the PDF needs more than ${limits.memoryMb} MB of memory (the limit): a stream inflates to far more than the file holds, or a page is too large`));
      }
      if (stop?.reason === "output") return reject(refused("unprocessable", "the PDF's text is longer than the reader may return"));
      const line = Buffer.concat(out).toString("utf8").trim();
      if (code === 0 && line !== "") {
        try {
          return resolve(JSON.parse(line) as ReaderAnswer);
        } catch {
          // Falls through: an answer that is not JSON is a reader that stopped half-way.
        }
      }
      reject(refused("unprocessable", `the PDF reader stopped without an answer (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** The resident memory of a process in MB, from /proc (Linux); 0 where there is no /proc, leaving the heap cap alone. */
function residentMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    return (pages * 4096) / (1024 * 1024);
  } catch {
    return 0;
  }
}
