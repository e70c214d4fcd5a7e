// The run's record: bench/results.json (the machine, the date, the commit, the settings, every figure
// with its baseline and ratio) and the same figures as a Markdown table, ready for docs/performance.md.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatMeasure, type Figure } from "./figures";

const root = path.resolve(import.meta.dirname, "..");

function git(args: string[]): string {
  return execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
}

export function machine() {
  const cpus = os.cpus();
  return { cpus: cpus.length, cpuModel: cpus[0]?.model ?? "unknown", memoryGb: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.release()}`, node: process.version, loadAverage: os.loadavg() };
}

type Machine = ReturnType<typeof machine>;

export function writeResults({ file = path.join(root, "bench", "results.json"), startedAt, machineAtStart, settings, figures }: { file?: string; startedAt: Date; machineAtStart: Machine; settings: Record<string, unknown>; figures: Figure[] }) {
  const results = {
    date: startedAt.toISOString(),
    seconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    commit: git(["rev-parse", "HEAD"]),
    // Uncommitted changes to the code the bench measures make the commit an approximation.
    dirty: git(["status", "--porcelain", "--", "app", "lib", "bench", "prisma", "scripts"]) !== "",
    machine: { ...machineAtStart, loadAverageAtEnd: os.loadavg() },
    settings,
    figures,
  };
  writeFileSync(file, JSON.stringify(results, null, 2) + "\n");
  return results;
}

const cell = (text: string) => text.replaceAll("|", "\\|");

export function markdownTable(figures: Figure[]): string {
  const lines = ["| figure | result | baseline (same run) | ratio | note |", "| --- | --: | --- | --: | --- |"];
  for (const { name, measured, baseline, ratio, note } of figures) {
    lines.push(`| ${cell(name)} | ${formatMeasure(measured)} | ${cell(baseline.name)}: ${formatMeasure(baseline)} | ${ratio.toFixed(ratio >= 10 ? 0 : 2)} | ${cell(note ?? "")} |`);
  }
  return lines.join("\n");
}
