import { readImportGraph, runtimeClosure, libFoldersOf } from "./import-graph";
const g = readImportGraph("/tmp/old", ["app","lib"]);
const c = runtimeClosure(g, ["lib/reward/score-reward-request.ts"]);
console.log([...libFoldersOf(c).keys()].join(" "));
