import { mkdtempSync, readdirSync } from "node:fs";
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
import { saveUpload, UPLOAD_CHUNK_BYTES } from "./save-upload";
import { startUploadImport } from "./start-upload-import";

const db = getDb();
let projectId: string;
let otherProjectId: string;
const previousDataDir = process.env.GOODHART_DATA_DIR;
beforeAll(async () => {
  process.env.GOODHART_DATA_DIR = mkdtempSync(path.join(tmpdir(), "goodhart-uploads-"));
  projectId = (await makeProject(db, "upload")).id;
  otherProjectId = (await makeProject(db, "upload-other")).id;
});
afterAll(async () => {
  process.env.GOODHART_DATA_DIR = previousDataDir;
  await deleteProject(db, projectId);
  await deleteProject(db, otherProjectId);
});

const streamOf = (text: string) => new Blob([text]).stream();
/** The text as a stream of `pieceBytes` pieces, like a browser's upload arriving over the network. */
function piecesOf(text: string, pieceBytes: number, pulled = { bytes: 0 }): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      const piece = bytes.slice(offset, offset + pieceBytes);
      offset += piece.length;
      pulled.bytes = offset;
      controller.enqueue(piece);
    },
  });
}
const lines = (tag: string, count = 3, padding = "") =>
  Array.from({ length: count }, (_, i) => JSON.stringify({ externalId: `${tag}-${i + 1}`, steps: [{ role: "user", content: `m${i + 1}${padding}` }] })).join("\n") + "\nnot json\n";
const storedUpload = (uploadId: string) => db.upload.findUnique({ where: { id: uploadId }, include: { chunks: { select: { index: true, bytes: true }, orderBy: { index: "asc" } } } });

/** A job row a worker holds at `attempt`, as the handler runs for it. */
async function context(progress: number[], { attempt = 1, project = projectId } = {}): Promise<JobContext> {
  const job = await db.job.create({ data: { projectId: project, type: importTracesJob.name, payload: {}, status: "running", attempts: attempt } });
  return { jobId: job.id, projectId: project, attempt, db, signal: new AbortController().signal, reportProgress: async (fraction) => void progress.push(fraction) };
}

describe("traces.import job", () => {
  it("imports an upload with progress and deletes its bytes once done; the same file uploaded again gives duplicates only", async () => {
    const upload = await saveUpload(db, streamOf(lines("job")), { projectId, fileName: "../evil/name.jsonl", limit: 1_000_000 });
    expect(upload.fileName).toBe("name.jsonl");
    const progress: number[] = [];
    const payload = { uploadId: upload.uploadId, fileName: "../evil/name.jsonl" };
    const first = await runImportTracesJob(payload, await context(progress));
    expect(first).toMatchObject({ accepted: 3, duplicates: 0, rejectedCount: 1, rejected: [{ line: 4, error: expect.stringMatching(/^line 4: invalid JSON/) }] });
    expect(progress.length).toBeGreaterThan(0);
    // The bytes go at once; the row keeps the result until the job is final.
    expect(await storedUpload(upload.uploadId)).toMatchObject({ importedAt: expect.any(Date), chunks: [] });
    // The job run again (its worker was killed before the job was marked done) gives the same result.
    expect(await runImportTracesJob(payload, await context([], { attempt: 2 }))).toEqual(first);
    const again = await saveUpload(db, streamOf(lines("job")), { projectId, fileName: "name.jsonl", limit: 1_000_000 });
    const second = await runImportTracesJob({ uploadId: again.uploadId, fileName: "name.jsonl" }, await context([]));
    expect(second).toMatchObject({ accepted: 0, duplicates: 3, rejectedCount: 1 });
  });

  it("keeps an upload in the database in 1 MiB parts, nothing on the web machine's disk, and imports every line across the parts", async () => {
    const text = lines("chunks", 6_000, " ".repeat(400));
    expect(text.length).toBeGreaterThan(2 * UPLOAD_CHUNK_BYTES);
    const upload = await saveUpload(db, piecesOf(text, 65_521), { projectId, fileName: "chunks.jsonl", limit: 10 * UPLOAD_CHUNK_BYTES });
    expect(upload.size).toBe(text.length);
    const stored = await storedUpload(upload.uploadId);
    expect(stored).toMatchObject({ projectId, fileName: "chunks.jsonl", size: BigInt(text.length) });
    expect(stored!.chunks.map(({ index }) => index)).toEqual([0, 1, 2]);
    expect(stored!.chunks.map(({ bytes }) => bytes.length)).toEqual([UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES, text.length - 2 * UPLOAD_CHUNK_BYTES]);
    expect(Buffer.concat(stored!.chunks.map(({ bytes }) => bytes)).toString("utf8")).toBe(text);
    expect(readdirSync(process.env.GOODHART_DATA_DIR!)).toEqual([]);
    const result = await runImportTracesJob({ uploadId: upload.uploadId, fileName: "chunks.jsonl" }, await context([]));
    expect(result).toMatchObject({ accepted: 6_000, duplicates: 0, rejectedCount: 1 });
    expect(await db.trace.count({ where: { projectId, externalId: { startsWith: "chunks-" } } })).toBe(6_000);
  });

  it("keeps the upload for a retry, and deletes it when the job fails for good", async () => {
    const upload = await saveUpload(db, streamOf(lines("fail")), { projectId, fileName: "f.jsonl", limit: 1_000_000 });
    // A part that went missing: reading fails, an error the job may retry, and never a short import.
    await db.uploadChunk.delete({ where: { uploadId_index: { uploadId: upload.uploadId, index: 0 } } });
    const failing = { uploadId: upload.uploadId, fileName: "f.jsonl" };
    await expect(runImportTracesJob(failing, await context([], { attempt: 1 }))).rejects.toThrow(/missing its part 1 of 1/);
    expect(await storedUpload(upload.uploadId)).not.toBeNull();
    await expect(runImportTracesJob(failing, await context([], { attempt: importTracesJob.maxAttempts }))).rejects.toThrow();
    expect(await storedUpload(upload.uploadId)).toBeNull();
    expect(await db.trace.count({ where: { projectId, externalId: { startsWith: "fail-" } } })).toBe(0);
  });

  it("leaves the upload to the worker that took the job over from a stalled one, which imports it as duplicates and deletes its bytes", async () => {
    const upload = await saveUpload(db, streamOf(lines("taken")), { projectId, fileName: "t.jsonl", limit: 1_000_000 });
    const payload = { uploadId: upload.uploadId, fileName: "t.jsonl" };
    const stalled = await context([], { attempt: 1 });
    // Its lease ran out and another worker claimed the job: attempt 2 is running now.
    await db.job.update({ where: { id: stalled.jobId }, data: { attempts: 2 } });
    expect(await runImportTracesJob(payload, stalled)).toMatchObject({ accepted: 3 });
    expect(await storedUpload(upload.uploadId)).not.toBeNull();
    expect(await runImportTracesJob(payload, { ...stalled, attempt: 2 })).toMatchObject({ accepted: 0, duplicates: 3 });
    expect(await storedUpload(upload.uploadId)).toMatchObject({ importedAt: expect.any(Date), chunks: [] });
  });

  it("fails permanently when the upload is gone, or belongs to another project", async () => {
    await expect(runImportTracesJob({ uploadId: "00000000-0000-4000-8000-000000000000", fileName: "x.jsonl" }, await context([]))).rejects.toThrow(PermanentJobError);
    const upload = await saveUpload(db, streamOf(lines("theirs")), { projectId: otherProjectId, fileName: "t.jsonl", limit: 1_000_000 });
    await expect(runImportTracesJob({ uploadId: upload.uploadId, fileName: "t.jsonl" }, await context([]))).rejects.toThrow(PermanentJobError);
    expect(await db.trace.count({ where: { externalId: { startsWith: "theirs-" } } })).toBe(0);
    expect(await storedUpload(upload.uploadId)).not.toBeNull();
  });

  it("refuses an upload over the limit with 413, stops reading it, and keeps nothing of it, not even the parts already stored", async () => {
    const before = await db.upload.count({ where: { projectId } });
    const text = "x".repeat(4 * UPLOAD_CHUNK_BYTES);
    const pulled = { bytes: 0 };
    await expect(saveUpload(db, piecesOf(text, 65_536, pulled), { projectId, fileName: "big.jsonl", limit: 1.5 * UPLOAD_CHUNK_BYTES })).rejects.toMatchObject({
      code: "payload_too_large",
      message: expect.stringContaining("1.5 MiB upload limit"),
    });
    expect(pulled.bytes).toBeLessThan(text.length);
    expect(await db.upload.count({ where: { projectId } })).toBe(before);
    expect(await db.uploadChunk.count({ where: { upload: { projectId } } })).toBe(0);
  });

  it("keeps nothing of an upload cut short or stalled (408), and loses nothing already stored", async () => {
    const kept = await saveUpload(db, streamOf(lines("kept")), { projectId, fileName: "kept.jsonl", limit: 1_000_000 });
    const keptBefore = await storedUpload(kept.uploadId);
    const before = await db.upload.count({ where: { projectId } });
    const part = new Uint8Array(UPLOAD_CHUNK_BYTES + 65_536).fill(0x78);
    // The connection dropped after a part and a half was stored.
    const dropped = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(part);
        controller.error(new Error("the client went away"));
      },
    });
    await expect(saveUpload(db, dropped, { projectId, fileName: "dropped.jsonl", limit: 10 * UPLOAD_CHUNK_BYTES })).rejects.toThrow("the client went away");
    // The client sent a part and a half, then nothing more.
    const stalled = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(part) });
    const previousIdle = process.env.GOODHART_BODY_IDLE_SECONDS;
    process.env.GOODHART_BODY_IDLE_SECONDS = "1";
    try {
      await expect(saveUpload(db, stalled, { projectId, fileName: "stalled.jsonl", limit: 10 * UPLOAD_CHUNK_BYTES })).rejects.toMatchObject({ code: "request_timeout" });
    } finally {
      if (previousIdle === undefined) delete process.env.GOODHART_BODY_IDLE_SECONDS;
      else process.env.GOODHART_BODY_IDLE_SECONDS = previousIdle;
    }
    expect(await db.upload.count({ where: { projectId } })).toBe(before);
    expect(await db.uploadChunk.count({ where: { upload: { projectId, fileName: { in: ["dropped.jsonl", "stalled.jsonl"] } } } })).toBe(0);
    expect(await storedUpload(kept.uploadId)).toEqual(keptBefore);
    const result = await runImportTracesJob({ uploadId: kept.uploadId, fileName: "kept.jsonl" }, await context([]));
    expect(result).toMatchObject({ accepted: 3, rejectedCount: 1 });
  });

  it("queues the job for a saved upload, and the dialog's status lookup finds it", async () => {
    const { jobId } = await startUploadImport(db, { projectId, body: streamOf(lines("queued")), fileName: "q.jsonl" });
    const { job, result } = await findImportJob(db, { projectId, jobId });
    expect(job.type).toBe("traces.import");
    expect(job.status).toBe("queued");
    expect(result).toBeNull();
    await db.job.delete({ where: { id: jobId } });
  });

  it("deletes an imported upload's row once its job is final", async () => {
    const { jobId } = await startUploadImport(db, { projectId, body: streamOf(lines("final")), fileName: "final.jsonl" });
    const job = await db.job.update({ where: { id: jobId }, data: { status: "running", attempts: 1 } });
    const payload = importTracesJob.payloadSchema.parse(job.payload);
    await runImportTracesJob(payload, { jobId, projectId, attempt: 1, db, signal: new AbortController().signal, reportProgress: async () => undefined });
    expect(await storedUpload(payload.uploadId)).toMatchObject({ importedAt: expect.any(Date), chunks: [] });
    await db.job.update({ where: { id: jobId }, data: { status: "succeeded" } });
    expect(await removeFinishedUploads(db)).toBeGreaterThanOrEqual(1);
    expect(await storedUpload(payload.uploadId)).toBeNull();
  });

  it("deletes the upload of an import cancelled before it ran", async () => {
    const { jobId } = await startUploadImport(db, { projectId, body: streamOf(lines("cancelled")), fileName: "c.jsonl" });
    const { uploadId } = importTracesJob.payloadSchema.parse((await db.job.findUniqueOrThrow({ where: { id: jobId } })).payload);
    expect(await storedUpload(uploadId)).not.toBeNull();
    await cancelJob(db, { projectId, jobId, actor: { userId: null, label: "test" } });
    expect(await removeFinishedUploads(db)).toBeGreaterThanOrEqual(1);
    expect(await storedUpload(uploadId)).toBeNull();
  });
});
