// The divergence monitor on seeded synthetic runs (lib/monitor/synthetic): the threshold recalibrated
// on seeds 1-200, false alarms per noise family on other seeds (posted 25 steps at a time, as a live
// trainer posts), and detection delay per family, size and shape next to an oracle that knows where
// the divergence starts, at the same false-alarm rate.
import { DIVERGENCE_THRESHOLD, REFERENCE_FALL_THRESHOLD } from "../lib/monitor/divergence-threshold";
import { calibrateThresholds } from "../lib/monitor/synthetic/calibrate-threshold";
import { measureDelays, measureFalseAlarms, measureOraclePower } from "../lib/monitor/synthetic/evaluate-monitor";
import { DIVERGENCE_FAMILIES, DIVERGENCE_SHAPES, DIVERGENCE_SIZES, NULL_FAMILIES } from "../lib/monitor/synthetic/synthetic-families";
import { figure, type Figure } from "./figures";

const LENGTH = 200;
/** The oracle's false-alarm rate: the monitor's promise over all families. */
const ORACLE_FALSE_ALARM_RATE = 0.05;

export function benchMonitor({ nullRuns, delayRuns, oracleRuns }: { nullRuns: number; delayRuns: number; oracleRuns: number }): Figure[] {
  const figures: Figure[] = [];
  const calibrated = calibrateThresholds({ families: NULL_FAMILIES, seeds: range(1, 200), length: LENGTH });
  figures.push(figure("monitor", "threshold recalibrated on seeds 1-200", { value: calibrated.gap, unit: "t" }, { name: "shipped threshold", value: DIVERGENCE_THRESHOLD, unit: "t" }));
  figures.push(figure("monitor", "reference-fall threshold recalibrated on seeds 1-200", { value: calibrated.fall, unit: "t" }, { name: "shipped threshold", value: REFERENCE_FALL_THRESHOLD, unit: "t" }));

  const falseAlarms = measureFalseAlarms({ families: NULL_FAMILIES, seeds: range(1001, nullRuns), length: LENGTH, threshold: DIVERGENCE_THRESHOLD });
  for (const f of falseAlarms) {
    figures.push(figure("monitor", `false alarms, ${f.family}`, { value: (100 * f.firedPosted) / f.runs, unit: "% of runs" }, { name: "per-family bound", value: 10, unit: "% of runs" }, `${f.firedPosted} of ${f.runs} runs of ${LENGTH} steps posted 25 at a time; ${f.firedOnce} when posted at once`));
  }
  const total = falseAlarms.reduce((s, f) => s + f.firedPosted, 0);
  const runs = falseAlarms.reduce((s, f) => s + f.runs, 0);
  figures.push(figure("monitor", "false alarms, all families", { value: (100 * total) / runs, unit: "% of runs" }, { name: "overall bound", value: 5, unit: "% of runs" }, `${total} of ${runs}`));

  const delays = measureDelays({ families: DIVERGENCE_FAMILIES, sizes: DIVERGENCE_SIZES, shapes: DIVERGENCE_SHAPES, seeds: range(2001, delayRuns), length: LENGTH, threshold: DIVERGENCE_THRESHOLD, falseAlarmRate: ORACLE_FALSE_ALARM_RATE });
  for (const d of delays) {
    figures.push(
      figure(
        "monitor",
        `delay, ${d.family}, ${d.sizeSigma}σ ${d.shape}`,
        { value: d.medianDelay ?? NaN, unit: "steps (median)" },
        { name: "oracle", value: d.medianOracleDelay ?? NaN, unit: "steps (median)" },
        `detected ${d.detected} of ${d.runs} (oracle ${d.oracleDetected}); median per-run delay/oracle ${d.medianRatio?.toFixed(2) ?? "–"}; ` +
          `an oracle fitting the level: detected ${d.levelFittingOracle.detected}, median ${d.levelFittingOracle.medianDelay ?? "–"} steps, delay/it ${d.levelFittingOracle.medianRatio?.toFixed(2) ?? "–"}; ` +
          `an oracle told only the start and shape (level fitted, ρ profiled, held under every family's φ and a walk): detected ${d.lawProfilingOracle.detected}, median ${d.lawProfilingOracle.medianDelay ?? "–"} steps, delay/it ${d.lawProfilingOracle.medianRatio?.toFixed(2) ?? "–"}; fired before the start in ${d.firedEarly}`,
      ),
    );
  }
  // Power next to the oracle's: on the same runs, and the oracle alone on many more seeds
  // (its own rate decides whether "found in 90% of runs" is within any test's reach).
  const oracle = measureOraclePower({ families: DIVERGENCE_FAMILIES, sizes: DIVERGENCE_SIZES, shapes: DIVERGENCE_SHAPES, seeds: range(2001, oracleRuns), length: LENGTH, falseAlarmRate: ORACLE_FALSE_ALARM_RATE });
  for (const d of delays) {
    const wide = oracle.find((o) => o.family === d.family && o.sizeSigma === d.sizeSigma && o.shape === d.shape)!;
    figures.push(
      figure(
        "monitor",
        `power, ${d.family}, ${d.sizeSigma}σ ${d.shape}`,
        { value: (100 * d.detected) / d.runs, unit: "% of runs" },
        { name: "the issue's oracle", value: (100 * d.oracleDetected) / d.runs, unit: "% of runs" },
        `monitor ${d.detected} of ${d.runs}, the issue's oracle ${d.oracleDetected} of the same ${d.runs}; the oracle alone on seeds 2001-${2000 + oracleRuns}: ${wide.detected} of ${wide.runs} (${((100 * wide.detected) / wide.runs).toFixed(1)}%)`,
      ),
    );
  }
  return figures;
}

function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + i);
}
