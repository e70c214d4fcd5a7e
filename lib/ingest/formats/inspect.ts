import { unzipSync } from "fflate";
import { z } from "zod";
import { decodeUtf8 } from "../../json/decode-utf8";
import { isRecord, type JsonObject } from "../../json/json-value";
import { SourceError } from "../../traces/messages/source-error";
import { parseJson } from "../../json/parse-json";
import type { FormatReader, Mapped } from "./format-reader";
import { mapInspectSample } from "./inspect-sample";
import { mapSafely } from "./map-safely";
import { parseSource } from "./parse-source";

const logSchema = z.looseObject({ eval: z.record(z.string(), z.unknown()), samples: z.array(z.unknown()).nullish() });

/**
 * Inspect AI eval logs: the `.json` EvalLog (samples inline) and the `.eval` zip (header.json,
 * or _journal/start.json while a run is in progress, plus one samples/<id>_epoch_<n>.json per
 * sample and reductions.json). Both give the same traces; the zip is decompressed one sample
 * at a time.
 */
export const inspectReader: FormatReader = {
  mapDocument: (value) =>
    mapSafely(undefined, () => {
      const log = parseSource(logSchema, value);
      const samples = log.samples ?? [];
      if (samples.length === 0) return [{ ok: false, error: "samples: the log holds no samples (was it written with log_samples=False?)" }];
      return samples.flatMap((sample, index) => mapSafely(index, () => ({ ...mapInspectSample(sample, log), index })));
    }),
  mapArchive: (bytes) => readArchive(bytes),
};

function* readArchive(bytes: Uint8Array): Generator<Mapped> {
  let names: string[];
  let header: JsonObject;
  try {
    names = listEntries(bytes);
    const headerName = ["header.json", "_journal/start.json"].find((name) => names.includes(name));
    if (!headerName) throw new Error("the .eval archive has no header.json (nor _journal/start.json)");
    header = readEntryObject(bytes, headerName);
    if (names.includes("reductions.json")) header.reductions = readEntry(bytes, "reductions.json");
  } catch (error) {
    yield { ok: false, error: error instanceof Error ? error.message : String(error) };
    return;
  }
  const sampleNames = names.filter((name) => /^samples\/[^/]+\.json$/.test(name)).sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  if (sampleNames.length === 0) yield { ok: false, error: "the .eval archive holds no samples" };
  for (const [index, name] of sampleNames.entries()) {
    for (const mapped of mapSafely(index, () => ({ ...mapInspectSample(readEntry(bytes, name), header), index }))) {
      yield mapped.ok ? mapped : { ...mapped, error: `${name}: ${mapped.error}` };
    }
  }
}

function listEntries(bytes: Uint8Array): string[] {
  const names: string[] = [];
  unzipSync(bytes, {
    filter: (file) => {
      names.push(file.name);
      return false;
    },
  });
  return names;
}

function readEntry(bytes: Uint8Array, name: string): unknown {
  const entry = unzipSync(bytes, { filter: (file) => file.name === name })[name];
  if (!entry) throw new SourceError(name, "missing from the archive");
  const decoded = decodeUtf8(entry);
  if (!decoded.ok) throw new SourceError(name, `${decoded.error} (line ${decoded.line})`);
  const parsed = parseJson(decoded.text);
  if (!parsed.ok) throw new SourceError(name, parsed.error);
  return parsed.value;
}

function readEntryObject(bytes: Uint8Array, name: string): JsonObject {
  const value = readEntry(bytes, name);
  if (!isRecord(value)) throw new SourceError(name, "expected a JSON object");
  return value;
}
