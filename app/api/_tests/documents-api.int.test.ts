import { describe, expect, it, vi } from "vitest";
import { POST as postSession } from "@/app/api/documents/route";
import { POST as postV1 } from "@/app/api/v1/documents/route";
import { getDb } from "@/lib/db/client";
import { MAX_DOCUMENT_BODY_BYTES } from "@/lib/documents/document-input-schema";
import { buildPdf } from "@/lib/testing/build-pdf";
import { uniqueName } from "@/lib/testing/factories";
import { callRoute, routeTestProjects, signedIn } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

const db = getDb();
const [project, other] = routeTestProjects(["documents", "documents-other"], { members: ["reviewer", "viewer"] });

const post = (body: unknown, { auth = `Bearer ${project.key}`, query = "", headers = {} }: { auth?: string | null; query?: string; headers?: Record<string, string> } = {}) =>
  callRoute(postV1, `/api/v1/documents${query}`, { body, headers: { ...(auth ? { authorization: auth } : {}), ...headers } });
const uniqueText = (label: string) => `${label} ${uniqueName("note")}: the pier was finished on March 14, 1821, by the engineer Agnes Morrow.`;

describe("POST /api/v1/documents", () => {
  it("stores a document with its text, source and content hash and queues its mining; the same text again is the same document", async () => {
    const text = uniqueText("Plain");
    const first = await post({ name: "notes.txt", text, source: "https://example.test/notes" });
    expect(first.status).toBe(201);
    const made = await first.json();
    expect(made).toMatchObject({ created: true, title: "notes.txt", contentType: "text/plain", source: "https://example.test/notes", chars: text.length, contentHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), miningJobId: expect.any(String) });
    const stored = await db.document.findUniqueOrThrow({ where: { id: made.id } });
    expect(stored).toMatchObject({ projectId: project.id, content: text, externalId: made.contentHash });
    expect(await db.job.findUniqueOrThrow({ where: { id: made.miningJobId } })).toMatchObject({ type: "tasks.mine-document", projectId: project.id, status: "queued" });

    const again = await post({ name: "renamed.md", contentType: "text/markdown", base64: Buffer.from(text).toString("base64") });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: made.id, created: false, title: "notes.txt", miningJobId: made.miningJobId });
    expect(await db.document.count({ where: { projectId: project.id, externalId: made.contentHash } })).toBe(1);
    expect(await db.job.count({ where: { projectId: project.id, type: "tasks.mine-document", payload: { equals: { projectId: project.id, documentId: made.id } } } })).toBe(1);
  });

  it("keeps the readable text of an HTML page: scripts, styles and markup dropped, entities decoded", async () => {
    const marker = uniqueName("html");
    const html = `<!doctype html><html><head><title>x</title><style>p{color:red}</style></head><body><script>alert("steal")</script><h1>Harbour ${marker}</h1><p>The pier cost &pound;4,200 &amp; took <b>two</b> years.</p><!-- hidden --></body></html>`;
    const response = await post({ name: "page.html", base64: Buffer.from(html).toString("base64"), mine: false });
    expect(response.status).toBe(201);
    const made = await response.json();
    expect(made).toMatchObject({ contentType: "text/html", miningJobId: null });
    const { content } = await db.document.findUniqueOrThrow({ where: { id: made.id } });
    expect(content).toBe(`Harbour ${marker}\n\nThe pier cost £4,200 & took two years.`);
  });

  it("reads a PDF's text layer, sent as base64, and stores it once", async () => {
    const marker = uniqueName("pdf");
    const pdf = buildPdf([`Harbour ${marker} opened in 1887.`, "Its lighthouse is 58 metres tall."]).toString("base64");
    const response = await post({ name: "harbour.pdf", base64: pdf, mine: false });
    expect(response.status).toBe(201);
    const made = await response.json();
    expect(made).toMatchObject({ contentType: "application/pdf", created: true });
    expect((await db.document.findUniqueOrThrow({ where: { id: made.id } })).content).toBe(`Harbour ${marker} opened in 1887.\nIts lighthouse is 58 metres tall.`);
    const again = await post({ name: "copy.pdf", base64: pdf, mine: false });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(made.id);
  });

  it("answers 401 without a valid key and 403 for a key asking for another project; stores nothing", async () => {
    const text = uniqueText("Refused");
    expect((await post({ name: "a.txt", text }, { auth: null })).status).toBe(401);
    expect((await post({ name: "a.txt", text }, { auth: "Bearer gh_not_a_key" })).status).toBe(401);
    const foreign = await post({ name: "a.txt", text }, { auth: `Bearer ${other.key}`, query: `?project=${project.slug}` });
    expect(foreign.status).toBe(403);
    expect(await db.document.count({ where: { content: text } })).toBe(0);
  });

  it("answers 413 for a body past the limit before reading it", async () => {
    const response = await post("{}", { headers: { "content-length": String(MAX_DOCUMENT_BODY_BYTES + 1) } });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");
  });

  it.each([
    ["no name", { text: "Some text here." }, 400, "name"],
    ["both text and base64", { name: "a.txt", text: "x", base64: "eA==" }, 400, "base64"],
    ["neither text nor base64", { name: "a.txt" }, 400, "text"],
    ["an unknown field", { name: "a.txt", text: "x", title: "y" }, 400, "title"],
    ["base64 that is not base64", { name: "a.txt", base64: "!!not base64!!" }, 400, "base64"],
    ["base64 of bytes that are not UTF-8", { name: "a.txt", base64: Buffer.from([0x41, 0x0a, 0xff, 0xfe]).toString("base64") }, 400, "base64"],
    ["HTML with no text", { name: "a.html", text: "<script>only()</script>" }, 400, "text"],
    ["a PDF that breaks off after its header", { name: "paper.pdf", base64: "JVBERi0xLjQK" }, 400, "base64"],
    ["a PDF sent as text", { name: "paper.pdf", text: "%PDF-1.4" }, 400, "text"],
    ["an unknown content type", { name: "a", contentType: "image/png", text: "x" }, 415, "contentType"],
  ])("refuses %s with the field it is about and stores nothing", async (_case, body, status, path) => {
    const before = await db.document.count({ where: { projectId: project.id } });
    const response = await post(body);
    expect(response.status).toBe(status);
    const { error } = await response.json();
    expect(error.details[0]).toMatchObject({ path, message: expect.any(String) });
    expect(await db.document.count({ where: { projectId: project.id } })).toBe(before);
  });
});

describe("POST /api/documents (the Add document dialog)", () => {
  const session = (body: unknown) =>
    callRoute(postSession, "/api/documents", { body, headers: { origin: "http://localhost" } });

  it("stores a reviewer's document in the current project and refuses a viewer", async () => {
    const text = uniqueText("Dialog");
    Object.assign(signedIn, { userId: project.members.viewer.id, projectSlug: project.slug });
    expect((await session({ name: "dialog.md", text })).status).toBe(403);
    Object.assign(signedIn, { userId: project.members.reviewer.id, projectSlug: project.slug });
    const response = await session({ name: "dialog.md", text });
    expect(response.status).toBe(201);
    const made = await response.json();
    expect(made).toMatchObject({ contentType: "text/markdown", created: true });
    expect(await db.document.findUniqueOrThrow({ where: { id: made.id } })).toMatchObject({ projectId: project.id, content: text });
    expect((await session({ name: "dialog.md", text })).status).toBe(200);
  });
});
