import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { headingAnchor, headingAnchors, readMarkdown, relativeLinks } from "./markdown-links";

const root = resolve(import.meta.dirname, "../..");

function docsPages(): string[] {
  const folder = join(root, "docs");
  if (!existsSync(folder)) return [];
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith(".md") ? [path] : [];
    });
  return walk(folder);
}

/** Every link that does not resolve, as "file:line target (why)". */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const { line, target } of relativeLinks(readMarkdown(file))) {
    const [pathPart, anchor] = target.split("#", 2) as [string, string | undefined];
    const linked = pathPart === "" ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    const where = `${relative(root, file)}:${line} ${target}`;
    if (!existsSync(linked)) broken.push(`${where} (no such file)`);
    else if (anchor !== undefined && linked.endsWith(".md") && !headingAnchors(readMarkdown(linked)).has(anchor)) {
      broken.push(`${where} (no heading with this anchor)`);
    }
  }
  return broken;
}

describe("the README and docs/", () => {
  it("link only to files and headings that exist", () => {
    const files = [join(root, "README.md"), ...docsPages()];
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it("leave no docs/ page unlinked from the README", () => {
    const linked = new Set(
      relativeLinks(readMarkdown(join(root, "README.md"))).map(({ target }) => resolve(root, target.split("#")[0]!)),
    );
    expect(docsPages().filter((page) => !linked.has(page)).map((page) => relative(root, page))).toEqual([]);
  });
});

describe("headingAnchor", () => {
  it("writes anchors as GitHub does", () => {
    expect(headingAnchor("Red-team before training")).toBe("red-team-before-training");
    expect(headingAnchor("OpenTelemetry (OTLP)")).toBe("opentelemetry-otlp");
    expect(headingAnchor("Replay worlds: tasks from traces and commits")).toBe("replay-worlds-tasks-from-traces-and-commits");
    expect(headingAnchor("The `goodhart` bin")).toBe("the-goodhart-bin");
  });

  it("numbers repeated headings and ignores headings inside code", () => {
    const anchors = headingAnchors("# Setup\n\n## Setup\n\n```sh\n# not a heading\n```\n");
    expect([...anchors]).toEqual(["setup", "setup-1"]);
  });

  it("finds relative links outside code and skips web addresses", () => {
    const links = relativeLinks("See [a](docs/a.md#x) and [b](https://x.test).\n```\n[c](c.md)\n```\n`[d](d.md)`\n");
    expect(links).toEqual([{ line: 1, target: "docs/a.md#x" }]);
  });
});
