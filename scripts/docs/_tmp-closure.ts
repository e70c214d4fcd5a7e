import { readImportGraph, runtimeClosure, libFoldersOf, folderOf } from "/work/wt-graph/scripts/docs/import-graph";
const root = "/work/wt-graph";
const g = readImportGraph(root);
const entries = process.argv.slice(2);
const c = runtimeClosure(g, entries);
for (const f of c) console.log(f);
console.log([...libFoldersOf(c)].map(([a,b])=>a+":"+b).join(" "));
