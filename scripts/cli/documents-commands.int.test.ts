import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db/client";
import { deleteProject, makeProject, uniqueName } from "../../lib/testing/factories";
import { lastJsonLine, runCli } from "../../lib/testing/run-cli";

const db = getDb();
let project: { id: string; slug: string };
const dir = mkdtempSync(path.join(tmpdir(), "goodhart-documents-"));
beforeAll(async () => {
  project = await makeProject(db, "cli-documents");
});
afterAll(() => deleteProject(db, project.id));

describe("goodhart documents add", () => {
  it("adds an HTML file as its text, mines cloze tasks from it, and adding it again adds nothing", async () => {
    const file = path.join(dir, "pier.html");
    const marker = uniqueName("Varn").replace(/-/g, "");
    writeFileSync(file, `<html><body><script>track()</script><p>The pier of ${marker} was finished on March 14, 1821, after a long storm.</p><p>It cost about 4,200 pounds to build in stone.</p></body></html>`);
    const first = await runCli(["documents", "add", file, "--project", project.slug, "--json"]);
    expect(first.code, first.stderr).toBe(0);
    const made = lastJsonLine(first.stdout);
    expect(made).toMatchObject({ created: true, title: "pier.html", contentType: "text/html", mining: { method: "cloze", created: 2 } });
    const document = await db.document.findUniqueOrThrow({ where: { id: made.id } });
    expect(document.content).toBe(`The pier of ${marker} was finished on March 14, 1821, after a long storm.\n\nIt cost about 4,200 pounds to build in stone.`);
    const tasks = await db.task.findMany({ where: { projectId: project.id }, orderBy: { referenceAnswer: "asc" } });
    expect(tasks.map((task) => task.referenceAnswer)).toEqual(["4,200", "March 14, 1821"]);

    const again = await runCli(["documents", "add", file, "--project", project.slug, "--json"]);
    expect(again.code, again.stderr).toBe(0);
    expect(lastJsonLine(again.stdout)).toMatchObject({ id: made.id, created: false, miningJobId: made.miningJobId });
    expect(await db.task.count({ where: { projectId: project.id } })).toBe(2);
    expect(await db.document.count({ where: { projectId: project.id } })).toBe(1);
  });

  it("exits 1 naming the problem for a PDF that breaks off and for a missing file", async () => {
    const pdf = path.join(dir, "paper.pdf");
    writeFileSync(pdf, "%PDF-1.4\n");
    const refused = await runCli(["documents", "add", pdf, "--project", project.slug]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("base64: not a readable PDF");
    const missing = await runCli(["documents", "add", path.join(dir, "nope.txt"), "--project", project.slug]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("ENOENT");
  });
});
