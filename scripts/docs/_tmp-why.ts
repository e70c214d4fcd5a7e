import { readImportGraph, runtimeClosure } from "./import-graph";
const g = readImportGraph("/work/wt-graph");
const entries = process.argv.slice(2);
const c = new Set(runtimeClosure(g, entries));
for (const e of g.edges) if (!e.typeOnly && c.has(e.from) && c.has(e.to) && e.from.split("/")[1] !== e.to.split("/")[1]) console.log(e.from, "->", e.to);
