// The repository's import graph, read from the source with the TypeScript compiler's parser: which
// module imports which, the folders a request's code walks through, the circles and the imports that
// run back up the layering docs/architecture.md states. `npx tsx scripts/docs/import-graph.ts` prints it.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/** One import of a repository file by another; `typeOnly` imports are erased when the code runs. */
export type ImportEdge = { from: string; to: string; typeOnly: boolean };

export type ImportGraph = { files: string[]; edges: ImportEdge[] };

const sourceExtensions = [".ts", ".tsx"];
const skippedFolders = new Set(["node_modules", ".next", ".git", "data", "test-results", "playwright-report", "generated"]);

/** Tests and the fixture readers only tests use (a `fixtures/` folder) are not product code. */
function isTestFile(path: string): boolean {
  return /\.(int\.)?test\.tsx?$/.test(path) || /\.spec\.tsx?$/.test(path) || path.split("/").includes("fixtures");
}

/** Product source files (no tests, no generated code) under the given top folders, relative to root. */
export function listSourceFiles(root: string, folders: string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return skippedFolders.has(name) ? [] : walk(path);
      return sourceExtensions.some((ext) => name.endsWith(ext)) && !name.endsWith(".d.ts") && !isTestFile(relative(root, path)) ? [relative(root, path)] : [];
    });
  return folders.filter((folder) => existsSync(join(root, folder))).flatMap((folder) => walk(join(root, folder))).sort();
}

type Specifier = { text: string; typeOnly: boolean };

/** The module specifiers a file names: import and export declarations, `import x = require()`, and `import()` calls. */
export function readSpecifiers(fileName: string, text: string): Specifier[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Specifier[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const namedAllTypes =
        clause !== undefined &&
        clause.name === undefined &&
        clause.namedBindings !== undefined &&
        ts.isNamedImports(clause.namedBindings) &&
        clause.namedBindings.elements.length > 0 &&
        clause.namedBindings.elements.every((element) => element.isTypeOnly);
      found.push({ text: node.moduleSpecifier.text, typeOnly: clause?.isTypeOnly === true || namedAllTypes });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ text: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push({ text: node.moduleReference.expression.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push({ text: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A specifier resolved to a repository file (relative to root), or undefined for packages and Node's modules. */
export function resolveSpecifier(root: string, fromFile: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(join(root, fromFile)), specifier);
  else return undefined;
  const candidates = [base, ...sourceExtensions.map((ext) => base + ext), ...sourceExtensions.map((ext) => join(base, `index${ext}`))];
  const hit = candidates.find((path) => existsSync(path) && statSync(path).isFile() && sourceExtensions.some((ext) => path.endsWith(ext)));
  return hit === undefined ? undefined : relative(root, hit);
}

/** The graph of imports between the repository's own source files under `folders`. */
export function readImportGraph(root: string, folders = ["app", "components", "lib", "scripts", "workers"]): ImportGraph {
  const files = listSourceFiles(root, folders);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const seen = new Map<string, boolean>();
    for (const { text, typeOnly } of readSpecifiers(from, readFileSync(join(root, from), "utf8"))) {
      const to = resolveSpecifier(root, from, text);
      if (to === undefined || to === from || isTestFile(to)) continue;
      // A module imported once for values and once for types is a value import.
      seen.set(to, (seen.get(to) ?? true) && typeOnly);
    }
    for (const [to, typeOnly] of seen) edges.push({ from, to, typeOnly });
  }
  return { files, edges };
}

/**
 * The folder a file belongs to in the figures: `lib/<area>` for the product (lib/'s own top-level files
 * count as `lib`), the top folder for everything else (`app`, `workers`, `scripts`, `components`).
 */
export function folderOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "lib") return parts.length > 2 ? `lib/${parts[1]}` : "lib";
  return parts[0]!;
}

function outgoing(graph: ImportGraph, { withTypes }: { withTypes: boolean }): Map<string, string[]> {
  const map = new Map<string, string[]>(graph.files.map((file) => [file, []]));
  for (const edge of graph.edges) if (withTypes || !edge.typeOnly) map.get(edge.from)?.push(edge.to);
  return map;
}

/** Every module that runs when `entries` are loaded: the static closure over value imports (types are erased). */
export function runtimeClosure(graph: ImportGraph, entries: string[]): string[] {
  const next = outgoing(graph, { withTypes: false });
  const seen = new Set<string>(entries);
  const stack = [...entries];
  while (stack.length > 0) {
    for (const to of next.get(stack.pop()!) ?? []) {
      if (!seen.has(to)) {
        seen.add(to);
        stack.push(to);
      }
    }
  }
  return [...seen].sort();
}

/** The folders (see folderOf) of `files` under lib/, with how many of the files each holds. */
export function libFoldersOf(files: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of files) if (file.startsWith("lib/")) counts.set(folderOf(file), (counts.get(folderOf(file)) ?? 0) + 1);
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The import circles between files, type imports included (a type circle still ties two modules
 * together): each strongly connected component of more than one file, as its sorted member list.
 */
export function importCircles(graph: ImportGraph): string[][] {
  const next = outgoing(graph, { withTypes: true });
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let counter = 0;
  for (const start of graph.files) {
    if (index.has(start)) continue;
    const work: { node: string; children: string[]; at: number }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, children: next.get(node) ?? [], at: 0 });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.at < frame.children.length) {
        const child = frame.children[frame.at]!;
        frame.at += 1;
        if (!index.has(child)) open(child);
        else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) circles.push(component.sort());
      }
    }
  }
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * The layers, lowest first, as docs/architecture.md states them. An import runs back up when a file
 * imports one of a higher layer; imports within a layer (and within a folder) are free.
 */
export const layers: { name: string; folders: string[] }[] = [
  { name: "platform", folders: ["lib", "lib/errors", "lib/json", "lib/random", "lib/words", "lib/http", "lib/db", "lib/audit", "lib/jobs", "lib/auth", "lib/threads"] },
  { name: "tenancy", folders: ["lib/projects", "lib/accounts", "lib/members", "lib/api-keys"] },
  { name: "data", folders: ["lib/traces", "lib/ingest", "lib/documents"] },
  { name: "domains", folders: ["lib/checks", "lib/judges", "lib/rubrics", "lib/hacks", "lib/reward", "lib/runs", "lib/tasks", "lib/distill", "lib/replay"] },
  { name: "oversight", folders: ["lib/review", "lib/monitor", "lib/redteam"] },
  { name: "operations", folders: ["lib/setup", "lib/backup", "lib/openapi"] },
  { name: "clients", folders: ["lib/lab", "lib/next", "lib/testing"] },
  { name: "entry points", folders: ["app", "components", "workers", "scripts"] },
];

/** The layer index of a file, or undefined when its folder is in no layer (a new folder must be placed). */
export function layerOf(file: string): number | undefined {
  const folder = folderOf(file);
  const found = layers.findIndex((layer) => layer.folders.includes(folder));
  return found === -1 ? undefined : found;
}

/** Imports (types included) from a file to one of a higher layer, as "from -> to". */
export function backImports(graph: ImportGraph): string[] {
  return graph.edges
    .filter((edge) => {
      const from = layerOf(edge.from);
      const to = layerOf(edge.to);
      return from !== undefined && to !== undefined && to > from;
    })
    .map((edge) => `${edge.from} -> ${edge.to}`)
    .sort();
}

/** The route handlers of the reward API, the entry points of the reward path figure. */
export const rewardRoutes = ["app/api/v1/reward/route.ts", "app/api/v1/reward/openrlhf/route.ts"];

/** The layers whose folders the reward path figure counts: the product's domains, not the platform, tenancy or glue every route shares. */
export const countedLayers = ["data", "domains", "oversight"];

/** The lib/ folders the reward routes' code runs through, by layer, and the domain folders among them (the figure). */
export function rewardPath(graph: ImportGraph) {
  const closure = runtimeClosure(graph, rewardRoutes);
  const folders = [...libFoldersOf(closure).keys()];
  const byLayer = new Map<string, string[]>();
  for (const folder of folders) {
    const layer = layers.find((candidate) => candidate.folders.includes(folder))?.name ?? "no layer";
    byLayer.set(layer, [...(byLayer.get(layer) ?? []), folder]);
  }
  const domainFolders = countedLayers.flatMap((layer) => byLayer.get(layer) ?? []);
  return { closure, folders, byLayer, domainFolders };
}

function printReport(root: string) {
  const graph = readImportGraph(root);
  const path = rewardPath(graph);
  console.log(`reward path (${rewardRoutes.join(", ")}): ${path.closure.length} modules in ${path.folders.length} lib/ folders, ${path.domainFolders.length} of them domain folders`);
  for (const [layer, folders] of [...path.byLayer].sort(([a], [b]) => layers.findIndex((l) => l.name === a) - layers.findIndex((l) => l.name === b))) console.log(`  ${layer}: ${folders.map((folder) => `${folder} (${path.closure.filter((file) => folderOf(file) === folder).length})`).join(", ")}`);
  const circles = importCircles(graph);
  console.log(`import circles: ${circles.length}`);
  for (const circle of circles) console.log(`  ${circle.join(" <-> ")}`);
  const unplaced = [...new Set(graph.files.filter((file) => layerOf(file) === undefined).map(folderOf))];
  if (unplaced.length > 0) console.log(`folders in no layer: ${unplaced.join(", ")}`);
  const back = backImports(graph);
  console.log(`imports that run back up: ${back.length}`);
  for (const edge of back) console.log(`  ${edge}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) printReport(resolve(import.meta.dirname, "../.."));
