import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import type { JobContext } from "../jobs/job-type";
import { cancelJob } from "../jobs/manage-jobs";
import { PermanentJobError } from "../jobs/job-type";
import { deleteProject, makeProject } from "../testing/factories";
import { findImportJob } from "./find-import-job";
import { importTracesJob, runImportTracesJob } from "./import-traces-job";
import { removeFinishedUploads } from "./remove-upload";
import { saveUpload } from "./save-upload";
import { startUploadImport } from "./start-upload-import";

const db = getDb();
let projectId: string;
const previousDataDir = process.env.GOODHART_DATA_DIR;
beforeAll(async () => {
  process.env.GOODHART_DATA_DIR = mkdtempSync(path.join(tmpdir(), "goodhart-uploads-"));
  projectId = (await makeProject(db, "upload")).id;
});
afterAll(async () => {
  process.env.GOODHART_DATA_DIR = previousDataDir;
  await deleteProject(db, projectId);
});

const streamOf = (text: string) => new Blob([text]).stream();
const lines = (tag: string) => [1, 2, 3].map((n) => JSON.stringify({ externalId: `${tag}-${n}`, steps: [{ role: "user", content: `m${n}` }] })).join("\n") + "\nnot json\n";

function context(progress: number[], { attempt = 1 } = {}): JobContext {
  return { jobId: "j", projectId, attempt, db, signal: new AbortController().signal, reportProgress: async (fraction) => void progress.push(fraction) };
}
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("traces.import job", () => {
  it("imports an upload with progress and deletes it once done; the same file imported again gives duplicates only", async () => {
    const upload = await saveUpload(streamOf(lines("job")), { fileName: "../evil/name.jsonl", limit: 1_000_000 });
    expect(path.basename(upload.path)).toBe("name.jsonl");
    const progress: number[] = [];
    const payload = { uploadId: upload.uploadId, fileName: "../evil/name.jsonl" };
    const first = await runImportTracesJob(payload, context(progress));
    expect(first).toMatchObject({ accepted: 3, duplicates: 0, rejectedCount: 1, rejected: [{ line: 4, error: expect.stringMatching(/^line 4: invalid JSON/) }] });
    expect(progress.length).toBeGreaterThan(0);
    expect(existsSync(path.dirname(upload.path))).toBe(false);
    const again = await saveUpload(streamOf(lines("job")), { fileName: "name.jsonl", limit: 1_000_000 });
    const second = await runImportTracesJob({ uploadId: again.uploadId, fileName: "name.jsonl" }, context([]));
    expect(second).toMatchObject({ accepted: 0, duplicates: 3, rejectedCount: 1 });
  });

  it("creates the data dir, the uploads and their folders private to Goodhart's user", async () => {
    const upload = await saveUpload(streamOf(lines("modes")), { fileName: "modes.jsonl", limit: 1_000_000 });
    expect(modeOf(process.env.GOODHART_DATA_DIR!)).toBe(0o700);
    expect(modeOf(path.dirname(path.dirname(upload.path)))).toBe(0o700);
    expect(modeOf(path.dirname(upload.path))).toBe(0o700);
    expect(modeOf(upload.path)).toBe(0o600);
  });

  it("keeps the upload for a retry, and deletes it when the job fails for good", async () => {
    const upload = await saveUpload(streamOf(lines("fail")), { fileName: "f.jsonl", limit: 1_000_000 });
    // A folder where the file should be: reading it fails, an error the job may retry.
    rmSync(upload.path);
    mkdirSync(upload.path);
    const failing = { uploadId: upload.uploadId, fileName: "f.jsonl" };
    await expect(runImportTracesJob(failing, context([], { attempt: 1 }))).rejects.toThrow();
    expect(existsSync(upload.path)).toBe(true);
    await expect(runImportTracesJob(failing, context([], { attempt: importTracesJob.maxAttempts }))).rejects.toThrow();
    expect(existsSync(path.dirname(upload.path))).toBe(false);
  });

  it("fails permanently when the upload is gone", async () => {
    await expect(runImportTracesJob({ uploadId: "00000000-0000-4000-8000-000000000000", fileName: "x.jsonl" }, context([]))).rejects.toThrow(PermanentJobError);
  });

  it("refuses an upload over the limit and keeps nothing of it", async () => {
    await expect(saveUpload(streamOf("x".repeat(2000)), { fileName: "big.jsonl", limit: 1000 })).rejects.toMatchObject({ code: "payload_too_large" });
  });

  it("queues the job for a saved upload, and the dialog's status lookup finds it", async () => {
    const { jobId } = await startUploadImport(db, { projectId, body: streamOf(lines("queued")), fileName: "q.jsonl" });
    const { job, result } = await findImportJob(db, { projectId, jobId });
    expect(job.type).toBe("traces.import");
    expect(job.status).toBe("queued");
    expect(result).toBeNull();
    await db.job.delete({ where: { id: jobId } });
  });

  it("deletes the upload of an import cancelled before it ran", async () => {
    const { jobId } = await startUploadImport(db, { projectId, body: streamOf(lines("cancelled")), fileName: "c.jsonl" });
    const { uploadId } = importTracesJob.payloadSchema.parse((await db.job.findUniqueOrThrow({ where: { id: jobId } })).payload);
    const folder = path.join(process.env.GOODHART_DATA_DIR!, "uploads", uploadId);
    expect(existsSync(folder)).toBe(true);
    await cancelJob(db, { projectId, jobId, actor: { userId: null, label: "test" } });
    expect(await removeFinishedUploads(db)).toBeGreaterThanOrEqual(1);
    expect(existsSync(folder)).toBe(false);
  });
});
