import { createReadStream } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";

export type TraceSourceInput =
  | { path: string }
  | { text: string; fileName?: string }
  | { bytes: Uint8Array; fileName?: string }
  /** Already opened elsewhere (a stored upload). */
  | { source: OpenedSource };

export type OpenedSource = {
  /** The path or the given file name, for messages and detection. */
  fileName?: string;
  path?: string;
  size: number;
  head(maxBytes: number): Promise<Uint8Array>;
  chunks(): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  readAll(): Promise<Uint8Array>;
};

/** A uniform view of a file path, a string, a byte array or an opened source. File system errors (ENOENT...) throw. */
export async function openSource(input: TraceSourceInput): Promise<OpenedSource> {
  if ("source" in input) return input.source;
  if ("path" in input) return openFile(input.path);
  const bytes = "bytes" in input ? input.bytes : new TextEncoder().encode(input.text);
  return {
    fileName: input.fileName,
    size: bytes.length,
    head: (maxBytes) => Promise.resolve(bytes.subarray(0, maxBytes)),
    chunks: () => [bytes],
    readAll: () => Promise.resolve(bytes),
  };
}

async function openFile(path: string): Promise<OpenedSource> {
  const { size } = await stat(path);
  return {
    fileName: path,
    path,
    size,
    head: async (maxBytes) => {
      const handle = await open(path, "r");
      try {
        const buffer = new Uint8Array(Math.min(maxBytes, size));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    chunks: () => createReadStream(path, { highWaterMark: 1024 * 1024 }),
    readAll: async () => new Uint8Array(await readFile(path)),
  };
}
