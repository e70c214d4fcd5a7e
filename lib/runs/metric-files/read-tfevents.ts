import protobuf from "protobufjs";
import type { MetricPointInput } from "../run-intake-schemas";
import { maskedCrc32c } from "./crc32c";
import { inFileOrder, type MetricFileResult } from "./metric-file-result";
import { serverMetricTally } from "./server-metric-tally";

// The messages of tensorflow/core/util/event.proto and framework/summary.proto and tensor.proto
// that scalars use, with their field numbers; every other field is skipped by the decoder.
const root = protobuf.parse(`
syntax = "proto3";
message TensorShapeProto { message Dim { int64 size = 1; } repeated Dim dim = 2; }
message TensorProto {
  int32 dtype = 1; TensorShapeProto tensor_shape = 2; bytes tensor_content = 4;
  repeated float float_val = 5; repeated double double_val = 6; repeated int32 int_val = 7; repeated int64 int64_val = 10;
}
message SummaryMetadata { message PluginData { string plugin_name = 1; } PluginData plugin_data = 1; }
message Summary {
  message Value { string tag = 1; float simple_value = 2; TensorProto tensor = 8; SummaryMetadata metadata = 9; }
  repeated Value value = 1;
}
message Event { double wall_time = 1; int64 step = 2; string file_version = 3; Summary summary = 5; }
`).root;
const Event = root.lookupType("Event");

type TensorValue = { dtype?: number; tensorShape?: { dim?: unknown[] }; tensorContent?: Uint8Array; floatVal?: number[]; doubleVal?: number[]; intVal?: number[]; int64Val?: Array<number | { toNumber(): number }> };
type EventValue = { wallTime?: number; step?: number | { toNumber(): number }; summary?: { value?: Array<{ tag?: string; simpleValue?: number; tensor?: TensorValue; metadata?: { pluginData?: { pluginName?: string } } }> } };

/**
 * The scalars of a TensorBoard event file (what tf.summary.scalar, PyTorch's SummaryWriter and
 * tensorboardX write): TFRecord framing (length, masked CRC-32C of the length, data, masked CRC-32C
 * of the data), each record an Event. A record whose checksum fails is reported, not guessed at;
 * histograms, images and text are skipped.
 */
export function readTfEvents(bytes: Uint8Array): MetricFileResult {
  const points: MetricPointInput[] = [];
  const rejected: MetricFileResult["rejected"] = [];
  const serverMetrics = serverMetricTally();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  let record = 0;
  while (offset < bytes.length) {
    record++;
    if (offset + 12 > bytes.length) {
      rejected.push({ index: record, error: `at byte ${offset}: the file ends inside the record's header (a file still being written?)` });
      break;
    }
    const length = Number(view.getBigUint64(offset, true));
    if (view.getUint32(offset + 8, true) !== maskedCrc32c(bytes.subarray(offset, offset + 8))) {
      rejected.push({ index: record, error: `at byte ${offset}: the length's checksum does not match; not a TensorBoard event file, or damaged` });
      break;
    }
    const end = offset + 12 + length;
    if (end + 4 > bytes.length) {
      rejected.push({ index: record, error: `at byte ${offset}: the file ends inside the record (a file still being written?)` });
      break;
    }
    const data = bytes.subarray(offset + 12, end);
    offset = end + 4;
    if (view.getUint32(end, true) !== maskedCrc32c(data)) {
      rejected.push({ index: record, error: `the data's checksum does not match; skipped` });
      continue;
    }
    let event: EventValue;
    try {
      event = Event.toObject(Event.decode(data), { defaults: false }) as EventValue;
    } catch (error) {
      rejected.push({ index: record, error: `not an Event (${(error as Error).message})` });
      continue;
    }
    const step = toNumber(event.step) ?? 0;
    const time = event.wallTime ? new Date(event.wallTime * 1000) : undefined;
    for (const value of event.summary?.value ?? []) {
      const scalar = value.simpleValue ?? scalarOf(value.tensor);
      if (!value.tag || scalar === undefined || !Number.isFinite(scalar) || serverMetrics.leavesOut(value.tag, { index: record })) continue;
      points.push({ step, name: value.tag, value: scalar, ...(time ? { time } : {}) });
    }
  }
  return { format: "tensorboard", points, rejected: inFileOrder([...rejected, ...serverMetrics.rejected()]), skipped: 0 };
}

function scalarOf(tensor: TensorValue | undefined): number | undefined {
  if (!tensor || (tensor.tensorShape?.dim?.length ?? 0) > 0) return undefined;
  const listed = tensor.floatVal?.[0] ?? tensor.doubleVal?.[0] ?? tensor.intVal?.[0] ?? toNumber(tensor.int64Val?.[0]);
  if (listed !== undefined) return listed;
  const content = tensor.tensorContent;
  if (!content || content.length === 0) return undefined;
  const data = new DataView(content.buffer, content.byteOffset, content.byteLength);
  // DataType: 1 float, 2 double, 3 int32, 9 int64.
  if (tensor.dtype === 1 && content.length === 4) return data.getFloat32(0, true);
  if (tensor.dtype === 2 && content.length === 8) return data.getFloat64(0, true);
  if (tensor.dtype === 3 && content.length === 4) return data.getInt32(0, true);
  if (tensor.dtype === 9 && content.length === 8) return Number(data.getBigInt64(0, true));
  return undefined;
}

function toNumber(value: number | { toNumber(): number } | undefined): number | undefined {
  if (value === undefined) return undefined;
  return typeof value === "number" ? value : value.toNumber();
}
