import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backImports, folderOf, importCircles, layerOf, readImportGraph, rewardPath, runtimeClosure } from "./import-graph";

const root = resolve(import.meta.dirname, "../..");
const graph = readImportGraph(root);

/**
 * The imports that run back up the layering, each with its reason in docs/architecture.md
 * ("Imports that run back up"). A new one fails here: move the shared piece down instead, or
 * name it there and here with its reason.
 */
const namedBackImports: string[] = [];

describe("the import graph", () => {
  it("has no circle between modules", () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it("places every folder in a layer of docs/architecture.md", () => {
    expect([...new Set(graph.files.filter((file) => layerOf(file) === undefined).map(folderOf))]).toEqual([]);
  });

  it("runs back up the layering only where docs/architecture.md says why", () => {
    expect(backImports(graph)).toEqual(namedBackImports);
    expect(namedBackImports.length).toBeLessThanOrEqual(3);
  });
});

describe("a reward request, from the route to its answer", () => {
  const path = rewardPath(graph);

  it("enters at most 5 domain folders: reward, the check engine, the llm judge of llm items, the traces it stores, the run it names", () => {
    expect(path.domainFolders.sort()).toEqual(["lib/checks", "lib/judges", "lib/reward", "lib/runs", "lib/traces"]);
  });

  it("takes from lib/judges only the asking of an llm judge, none of the judge runs", () => {
    expect(path.closure.filter((file) => folderOf(file) === "lib/judges")).toEqual([
      "lib/judges/ask-item-question.ts",
      "lib/judges/call-llm-judge.ts",
      "lib/judges/describe-llm-error.ts",
      "lib/judges/endpoint-limiter.ts",
      "lib/judges/find-llm-item-asker.ts",
      "lib/judges/judge-endpoint-policy.ts",
      "lib/judges/llm-cost.ts",
      "lib/judges/llm-judge-config-schema.ts",
      "lib/judges/llm-sdks.ts",
      "lib/judges/llm-verdict-schema.ts",
      "lib/judges/render-judge-prompt.ts",
    ]);
  });

  it("does none of the monitor's, the review queue's or the run's bookkeeping: only the rollouts.stored event and a run named for the first time", () => {
    expect(
      path.folders.filter((folder) => ["lib/monitor", "lib/review", "lib/ingest", "lib/hacks", "lib/tasks", "lib/lab", "lib/rubrics"].includes(folder)),
    ).toEqual([]);
    expect(path.closure.filter((file) => folderOf(file) === "lib/runs")).toEqual(["lib/runs/register-run.ts"]);
    // lib/jobs is the one event insert (the mechanism it goes through, no job handler).
    expect(path.closure.filter((file) => folderOf(file) === "lib/jobs")).toEqual([
      "lib/jobs/enqueue-job.ts",
      "lib/jobs/job-backend.ts",
      "lib/jobs/job-type.ts",
      "lib/jobs/pg-boss-client.ts",
      "lib/jobs/pipeline-event.ts",
    ]);
  });
});

describe("the graph reader", () => {
  const scratch = mkdtempSync(join(tmpdir(), "import-graph-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  };

  it("finds a circle through a type import, and leaves type imports out of what runs", () => {
    write("lib/a/one.ts", 'import type { Two } from "./two";\nimport { three } from "@/lib/b/three";\nexport type One = Two;\nexport const one = three;\n');
    write("lib/a/two.ts", 'import type { One } from "./one";\nexport type Two = One | 2;\n');
    write("lib/b/three.ts", "export const three = 3;\n");
    write("lib/b/three.test.ts", 'import { one } from "../a/one";\n');
    const scratchGraph = readImportGraph(scratch, ["lib"]);
    expect(importCircles(scratchGraph)).toEqual([["lib/a/one.ts", "lib/a/two.ts"]]);
    expect(runtimeClosure(scratchGraph, ["lib/a/one.ts"])).toEqual(["lib/a/one.ts", "lib/b/three.ts"]);
    expect(scratchGraph.files).not.toContain("lib/b/three.test.ts");
  });
});
