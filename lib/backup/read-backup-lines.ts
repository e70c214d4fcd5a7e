import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { AppError } from "../errors/app-error";

/** The lines of a gzipped backup file, each parsed as JSON, with its 1-based line number. */
export async function* readBackupLines(file: string): AsyncGenerator<{ line: number; value: unknown }> {
  const gunzip = createGunzip();
  const source = createReadStream(file).on("error", (error) => gunzip.destroy(error));
  const lines = createInterface({ input: source.pipe(gunzip), crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of lines) {
      line += 1;
      if (text === "") continue;
      try {
        yield { line, value: JSON.parse(text) };
      } catch {
        throw new AppError("bad_request", `${file} line ${line}: not JSON`);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("bad_request", `${file} after line ${line}: cannot be read as a gzipped backup (${(error as Error).message})`);
  } finally {
    lines.close();
    source.destroy();
  }
}
