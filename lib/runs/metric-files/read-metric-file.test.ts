import { describe, expect, it } from "vitest";
import { readMetricFile } from "./read-metric-file";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("readMetricFile", () => {
  it("reads W&B's run history as CSV (run.history().to_csv()): _step is the step, _timestamp the time, _runtime and empty cells left out", () => {
    const csv = ["_step,_runtime,_timestamp,train/loss,train/reward,eval/success", "0,1.5,1767225600,0.91,0.10,", '1,3.1,1767225660,0.85,0.12,""', "2,4.6,1767225720,0.80,0.20,0.5"].join("\n");
    const result = readMetricFile(bytes(csv), "history.csv");
    expect(result.format).toBe("csv");
    expect(result.rejected).toEqual([]);
    expect(result.points.map(({ step, name, value }) => [step, name, value])).toEqual([
      [0, "train/loss", 0.91],
      [0, "train/reward", 0.1],
      [1, "train/loss", 0.85],
      [1, "train/reward", 0.12],
      [2, "train/loss", 0.8],
      [2, "train/reward", 0.2],
      [2, "eval/success", 0.5],
    ]);
    expect(result.points[0]!.time?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });

  it("reads a W&B chart export: 'RUN - metric' columns as the metric, its __MIN/__MAX band columns left out", () => {
    const csv = ['"Step","grpo-7 - reward/proxy","grpo-7 - reward/proxy__MIN","grpo-7 - reward/proxy__MAX"', "10,0.4,0.3,0.5", "20,0.6,0.5,0.7"].join("\r\n");
    const result = readMetricFile(bytes(csv), "export.csv");
    expect(result.points.map(({ step, name, value }) => [step, name, value])).toEqual([
      [10, "reward/proxy", 0.4],
      [20, "reward/proxy", 0.6],
    ]);
  });

  it("reads JSONL of trainer logs and of points, and names the lines it cannot read", () => {
    const jsonl = [
      JSON.stringify({ loss: 0.5, reward: 0.25, learning_rate: 1e-6, step: 10, epoch: 0.1 }),
      JSON.stringify({ step: 11, name: "kl", value: 0.02, time: "2026-01-01T00:00:10Z" }),
      "{not json",
      JSON.stringify({ loss: 0.4 }),
      JSON.stringify({ step: 12, name: "kl", value: "high" }),
      JSON.stringify({ global_step: 13, completions: { sample: "text" }, reward: 0.5 }),
      "",
    ].join("\n");
    const result = readMetricFile(bytes(jsonl), "trainer_log.jsonl");
    expect(result.points.map(({ step, name, value }) => [step, name, value])).toEqual([
      [10, "loss", 0.5],
      [10, "reward", 0.25],
      [10, "learning_rate", 1e-6],
      [10, "epoch", 0.1],
      [11, "kl", 0.02],
      [13, "reward", 0.5],
    ]);
    expect(result.rejected.map(({ line, error }) => [line, error.split(":")[0]])).toEqual([
      [3, "not JSON"],
      [4, "no step column (one of _step, step, global_step, Step, trainer/global_step, train/global_step)"],
      [5, "value must be a finite number"],
    ]);
    expect(result.skipped).toBe(1);
    expect(result.rejected[0]!.error).toBe("not JSON: invalid JSON at column 2: expected a property name in double quotes");
  });

  it("leaves out metrics named under goodhart/ (the server's own), one reason per name at the line it first appears, the rest of each row kept", () => {
    // A server metric's cell that is not a number is still its point, not a skipped value; reasons come in line order.
    const csv = ["step,train/reward,goodhart/reward/mean", "0,0.1,0.2", "oops,0.1,0.2", "1,0.15,n/a"].join("\n");
    const history = readMetricFile(bytes(csv), "exported.csv");
    expect(history.points.map(({ step, name, value }) => [step, name, value])).toEqual([
      [0, "train/reward", 0.1],
      [1, "train/reward", 0.15],
    ]);
    expect(history.rejected).toEqual([
      { line: 2, error: expect.stringMatching(/^goodhart\/reward\/mean: the goodhart\/ prefix is kept for the metrics Goodhart computes .*; its 2 points were left out$/) },
      { line: 3, error: "step is not a whole number ≥ 0" },
    ]);
    expect(history.skipped).toBe(0);
    const points = readMetricFile(bytes([JSON.stringify({ step: 1, name: "kl", value: 0.1 }), JSON.stringify({ step: 1, name: "goodhart/success/mean", value: 0.5 })].join("\n")), "points.jsonl");
    expect(points.points.map(({ name }) => name)).toEqual(["kl"]);
    expect(points.rejected).toEqual([{ line: 2, error: expect.stringMatching(/^goodhart\/success\/mean: .*; its point was left out$/) }]);
  });

  it("reads W&B's JSON history ({\"history\": [...]}) and a JSON array of points, with the index of a bad row", () => {
    const history = readMetricFile(bytes(JSON.stringify({ history: [{ _step: 0, acc: 0.1 }, { _step: 1, acc: 0.2 }] })), "run.json");
    expect(history.points.map(({ step, value }) => [step, value])).toEqual([
      [0, 0.1],
      [1, 0.2],
    ]);
    const points = readMetricFile(bytes(JSON.stringify([{ step: 1, name: "kl", value: 0.1 }, { step: -1, name: "kl", value: 0.2 }])), "points.json");
    expect(points.points).toHaveLength(1);
    expect(points.rejected).toEqual([{ index: 1, error: "step must be a whole number ≥ 0" }]);
  });

  it("reads W&B JSONL with Python's bare NaN and Infinity: those values counted as non-numbers, the rest of the line kept", () => {
    // What json.dumps (allow_nan=True, the default) writes, so what W&B's history and TRL's logs hold.
    const jsonl = ['{"_step": 1, "loss": NaN, "reward": 0.25, "note": "NaN stays text"}', '{"_step": 2, "loss": 0.5, "grad_norm": Infinity, "kl": -Infinity}'].join("\n");
    const result = readMetricFile(bytes(jsonl), "wandb-history.jsonl");
    expect(result.rejected).toEqual([]);
    expect(result.points.map(({ step, name, value }) => [step, name, value])).toEqual([
      [1, "reward", 0.25],
      [2, "loss", 0.5],
    ]);
    expect(result.skipped).toBe(4);
  });

  it("ignores pandas' unnamed index column in a CSV (to_csv's empty header, and 'Unnamed: 0' after a round trip)", () => {
    const fresh = readMetricFile(bytes([",_step,reward", "0,5,0.5", "1,6,0.75"].join("\n")), "history.csv");
    expect(fresh.points.map(({ step, name, value }) => [step, name, value])).toEqual([
      [5, "reward", 0.5],
      [6, "reward", 0.75],
    ]);
    const roundTrip = readMetricFile(bytes(["Unnamed: 0,step,kl", "0,1,0.01"].join("\n")), "history.csv");
    expect(roundTrip.points.map(({ step, name, value }) => [step, name, value])).toEqual([[1, "kl", 0.01]]);
  });

  it("reads verl's file logger JSONL ({\"step\", \"data\"} per line; orjson writes NaN as null, counted)", () => {
    // verl/utils/tracking.py FileLogger.log: orjson.dumps({"step": step, "data": data}).
    const jsonl = [
      '{"step":1,"data":{"actor/entropy":0.6931,"critic/score/mean":0.125,"response_length/mean":211.5,"val-core/gsm8k/reward/mean@1":null}}',
      '{"step":2,"data":{"actor/entropy":0.6812,"critic/score/mean":0.25,"response_length/mean":198.0,"timing_s/gen":12.75}}',
    ].join("\n");
    const result = readMetricFile(bytes(jsonl), "grpo-7.jsonl");
    expect(result.rejected).toEqual([]);
    expect(result.points.map(({ step, name, value }) => [step, name, value])).toEqual([
      [1, "actor/entropy", 0.6931],
      [1, "critic/score/mean", 0.125],
      [1, "response_length/mean", 211.5],
      [2, "actor/entropy", 0.6812],
      [2, "critic/score/mean", 0.25],
      [2, "response_length/mean", 198],
      [2, "timing_s/gen", 12.75],
    ]);
    expect(result.skipped).toBe(1);
  });

  it("reads Hugging Face's trainer_state.json: its log_history rows at their step, NaN counted", () => {
    // transformers TrainerState.save_to_json: json.dumps(asdict(self), indent=2, sort_keys=True) + "\n".
    const state = `{
  "best_metric": null,
  "epoch": 0.02,
  "global_step": 20,
  "log_history": [
    {
      "epoch": 0.01,
      "grad_norm": NaN,
      "learning_rate": 1e-06,
      "loss": 0.6931,
      "reward": 0.125,
      "step": 10
    },
    {
      "epoch": 0.02,
      "grad_norm": 1.5,
      "learning_rate": 9e-07,
      "loss": 0.65,
      "reward": 0.375,
      "step": 20
    }
  ],
  "max_steps": 20,
  "trial_name": null
}
`;
    const result = readMetricFile(bytes(state), "trainer_state.json");
    expect(result.format).toBe("json");
    expect(result.rejected).toEqual([]);
    expect(result.points.map(({ step, name, value }) => [step, name, value])).toEqual([
      [10, "epoch", 0.01],
      [10, "learning_rate", 1e-6],
      [10, "loss", 0.6931],
      [10, "reward", 0.125],
      [20, "epoch", 0.02],
      [20, "grad_norm", 1.5],
      [20, "learning_rate", 9e-7],
      [20, "loss", 0.65],
      [20, "reward", 0.375],
    ]);
    expect(result.skipped).toBe(1);
  });
});
