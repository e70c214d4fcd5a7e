import { createReadStream } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import { AppError } from "../errors/app-error";

/**
 * The lines of a gzipped backup file, each parsed as JSON, with its 1-based line number. Pulled
 * chunk by chunk (not through readline, which keeps reading ahead while the caller awaits its
 * writes), so memory holds one chunk however slow the consumer.
 */
export async function* readBackupLines(file: string): AsyncGenerator<{ line: number; value: unknown }> {
  const gunzip = createGunzip();
  const source = createReadStream(file).on("error", (error) => gunzip.destroy(error));
  const decoder = new StringDecoder("utf8");
  let line = 0;
  let pending = "";
  const parse = (text: string) => {
    line += 1;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AppError("bad_request", `${file} line ${line}: not JSON`);
    }
  };
  try {
    for await (const chunk of source.pipe(gunzip)) {
      pending += decoder.write(chunk as Buffer);
      let start = 0;
      for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n", start)) {
        const text = pending.slice(start, end);
        start = end + 1;
        if (text === "") line += 1;
        else yield { value: parse(text), line };
      }
      pending = pending.slice(start);
    }
    pending += decoder.end();
    if (pending !== "") yield { value: parse(pending), line };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("bad_request", `${file} after line ${line}: cannot be read as a gzipped backup (${(error as Error).message})`);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}
