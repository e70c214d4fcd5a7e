// usage: tsx _tmp-move.ts old1=new1 old2=new2 ...   (paths relative to repo root)
import { execSync } from "node:child_process";
import { readFileSync, writeFileSync, readdirSync, statSync, mkdirSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { readSpecifiers, resolveSpecifier } from "./import-graph";
const root = "/work/wt-graph";
const moves = new Map(process.argv.slice(2).map((a) => a.split("=") as [string, string]));
const skip = new Set(["node_modules", ".next", ".git", "data", "generated", "test-results", "playwright-report"]);
const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => { const p = join(dir, n); if (statSync(p).isDirectory()) return skip.has(n) ? [] : walk(p); return /\.(ts|tsx|mts|mjs)$/.test(n) && !n.endsWith(".d.ts") ? [relative(root, p)] : []; });
const files = walk(root);
// compute edits before moving
const edits = new Map<string, string>();
for (const file of files) {
  const text = readFileSync(join(root, file), "utf8");
  const newFile = moves.get(file) ?? file;
  let out = text;
  const specs = readSpecifiers(file, text);
  const done = new Set<string>();
  for (const { text: spec } of specs) {
    if (done.has(spec)) continue; done.add(spec);
    const target = resolveSpecifier(root, file, spec);
    if (!target) continue;
    const newTarget = moves.get(target) ?? target;
    if (newTarget === target && newFile === file) continue;
    let replacement: string;
    const noExt = newTarget.replace(/\.(ts|tsx)$/, "").replace(/\/index$/, "");
    if (spec.startsWith("@/")) replacement = "@/" + noExt;
    else { let r = relative(dirname(join(root, newFile)), join(root, noExt)); if (!r.startsWith(".")) r = "./" + r; replacement = r; }
    if (replacement === spec) continue;
    const esc = spec.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    out = out.replace(new RegExp(`(["'])${esc}\\1`, "g"), `$1${replacement}$1`);
  }
  if (out !== text) edits.set(file, out);
}
for (const [from, to] of moves) { mkdirSync(dirname(join(root, to)), { recursive: true }); execSync(`git mv ${from} ${to}`, { cwd: root }); }
for (const [file, out] of edits) writeFileSync(join(root, moves.get(file) ?? file), out);
console.log(`moved ${moves.size}, rewrote ${edits.size} files`);
