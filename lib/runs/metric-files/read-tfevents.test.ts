import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import { crc32c, maskedCrc32c } from "./crc32c";
import { readMetricFile } from "./read-metric-file";

// Events written field by field with the wire numbers of tensorflow/core/util/event.proto and
// framework/summary.proto, framed as TFRecord: what PyTorch's SummaryWriter (simple_value) and
// TF2's tf.summary.scalar (a float tensor with the scalars plugin) put in an event file.
type Value = { tag: string; simple?: number; tensorFloat?: number; plugin?: string; histogram?: boolean };

function event({ wallTime, step, values = [], fileVersion }: { wallTime: number; step: number; values?: Value[]; fileVersion?: string }): Uint8Array {
  const writer = protobuf.Writer.create();
  writer.uint32((1 << 3) | 1).double(wallTime);
  writer.uint32((2 << 3) | 0).int64(step);
  if (fileVersion) writer.uint32((3 << 3) | 2).string(fileVersion);
  if (values.length) {
    writer.uint32((5 << 3) | 2).fork();
    for (const value of values) {
      writer.uint32((1 << 3) | 2).fork();
      writer.uint32((1 << 3) | 2).string(value.tag);
      if (value.simple !== undefined) writer.uint32((2 << 3) | 5).float(value.simple);
      if (value.histogram) writer.uint32((5 << 3) | 2).bytes(new Uint8Array([9, 0, 0, 0, 0, 0, 0, 240, 63]));
      if (value.tensorFloat !== undefined) {
        const content = new Uint8Array(4);
        new DataView(content.buffer).setFloat32(0, value.tensorFloat, true);
        writer.uint32((8 << 3) | 2).fork().uint32((1 << 3) | 0).int32(1).uint32((4 << 3) | 2).bytes(content).ldelim();
      }
      if (value.plugin) writer.uint32((9 << 3) | 2).fork().uint32((1 << 3) | 2).fork().uint32((1 << 3) | 2).string(value.plugin).ldelim().ldelim();
      writer.ldelim();
    }
    writer.ldelim();
  }
  return writer.finish();
}

function record(data: Uint8Array): Uint8Array {
  const header = new Uint8Array(12);
  const view = new DataView(header.buffer);
  view.setBigUint64(0, BigInt(data.length), true);
  view.setUint32(8, maskedCrc32c(header.subarray(0, 8)), true);
  const footer = new Uint8Array(4);
  new DataView(footer.buffer).setUint32(0, maskedCrc32c(data), true);
  return new Uint8Array([...header, ...data, ...footer]);
}

const concat = (parts: Uint8Array[]) => new Uint8Array(parts.flatMap((part) => [...part]));

describe("CRC-32C", () => {
  it("gives the standard check value for 123456789", () => {
    expect(crc32c(new TextEncoder().encode("123456789"))).toBe(0xe3069283);
  });
});

describe("reading a TensorBoard event file", () => {
  const file = concat([
    record(event({ wallTime: 1_767_225_600, step: 0, fileVersion: "brain.Event:2" })),
    record(event({ wallTime: 1_767_225_601, step: 1, values: [{ tag: "train/loss", simple: 0.5 }, { tag: "weights", histogram: true }] })),
    record(event({ wallTime: 1_767_225_602, step: 2, values: [{ tag: "reward/proxy", tensorFloat: 0.25, plugin: "scalars" }] })),
    record(event({ wallTime: 1_767_225_603, step: 3, values: [{ tag: "train/loss", simple: 0.375 }] })),
  ]);

  it("reads simple_value and float-tensor scalars with their step and wall time, and skips histograms", () => {
    const result = readMetricFile(file, "events.out.tfevents.1767225600.host.1234.0");
    expect(result.format).toBe("tensorboard");
    expect(result.rejected).toEqual([]);
    expect(result.points.map(({ step, name, value }) => [step, name, value])).toEqual([
      [1, "train/loss", 0.5],
      [2, "reward/proxy", 0.25],
      [3, "train/loss", 0.375],
    ]);
    expect(result.points[0]!.time?.toISOString()).toBe("2026-01-01T00:00:01.000Z");
  });

  it("reports a record whose data checksum fails and reads the rest; stops at a file cut mid-record", () => {
    const damaged = file.slice();
    const secondRecordData = record(event({ wallTime: 1_767_225_600, step: 0, fileVersion: "brain.Event:2" })).length + 12;
    damaged[secondRecordData + 3] = damaged[secondRecordData + 3]! ^ 0xff;
    const result = readMetricFile(damaged, "events.out.tfevents.1");
    expect(result.rejected).toEqual([{ index: 2, error: "the data's checksum does not match; skipped" }]);
    expect(result.points.map(({ step }) => step)).toEqual([2, 3]);

    const cut = readMetricFile(file.subarray(0, file.length - 5), "events.out.tfevents.1");
    expect(cut.points.map(({ step }) => step)).toEqual([1, 2]);
    expect(cut.rejected).toEqual([{ index: 4, error: expect.stringContaining("the file ends inside the record") }]);
  });

  it("leaves out tags under goodhart/ (the server's own metrics), naming the record where each first appears", () => {
    const withServerTags = concat([
      file,
      record(event({ wallTime: 1_767_225_604, step: 4, values: [{ tag: "goodhart/reward/mean", simple: 0.5 }, { tag: "train/loss", simple: 0.25 }] })),
      record(event({ wallTime: 1_767_225_605, step: 5, values: [{ tag: "goodhart/reward/mean", simple: 0.625 }] })),
    ]);
    const result = readMetricFile(withServerTags, "events.out.tfevents.2");
    expect(result.points.map(({ step, name }) => [step, name])).toEqual([
      [1, "train/loss"],
      [2, "reward/proxy"],
      [3, "train/loss"],
      [4, "train/loss"],
    ]);
    expect(result.rejected).toEqual([{ index: 5, error: expect.stringMatching(/^goodhart\/reward\/mean: the goodhart\/ prefix is kept .*; its 2 points were left out$/) }]);
  });

  it("is recognised by its content when the name does not say", () => {
    expect(readMetricFile(file, "run-7.bin").format).toBe("tensorboard");
  });
});
