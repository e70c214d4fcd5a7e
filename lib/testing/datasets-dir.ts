import { existsSync } from "node:fs";
import { resolve } from "node:path";

/**
 * The shared datasets (real traces written by others), read in place and never copied into the
 * repository. They sit beside the checkout as ../shared/datasets; GOODHART_DATASETS_DIR points
 * elsewhere when the checkout lives somewhere else.
 */
export const datasetsDir = resolve(process.env.GOODHART_DATASETS_DIR ?? resolve(process.cwd(), "../shared/datasets"));

export function assertDatasetsPresent(): void {
  if (!existsSync(datasetsDir)) {
    throw new Error(
      `The shared datasets were not found at ${datasetsDir}. Tests read them from ../shared/datasets beside the checkout; set GOODHART_DATASETS_DIR to their folder.`,
    );
  }
}
