import { readFileSync } from "node:fs";

/** A link written in a Markdown file: `[label](target)`, outside fenced code. */
export type MarkdownLink = { line: number; target: string };

/** GitHub's heading anchor: lower case, punctuation dropped (hyphens and underscores kept), spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, "")
    .replace(/ /g, "-");
}

function linesOutsideCode(text: string): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let inCode = false;
  text.split("\n").forEach((line, index) => {
    if (line.startsWith("```")) inCode = !inCode;
    else if (!inCode) lines.push({ line: index + 1, text: line });
  });
  return lines;
}

/** The anchors a Markdown file's headings give, with GitHub's -1, -2 suffixes on repeats. */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { text: line } of linesOutsideCode(text)) {
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Links to other files or anchors (not web addresses), with their line numbers. */
export function relativeLinks(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { line, text: content } of linesOutsideCode(text)) {
    const withoutInlineCode = content.replace(/`[^`]*`/g, "");
    for (const match of withoutInlineCode.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      links.push({ line, target });
    }
  }
  return links;
}

export function readMarkdown(file: string): string {
  return readFileSync(file, "utf8");
}
