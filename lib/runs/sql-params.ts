import { providerOfDb, type Db } from "../db/client";
import type { DatabaseProvider } from "../db/database-url";
import { timeText } from "../db/insert-rows";

/**
 * Bound parameters in the order they appear, spelled as each database wants; PostgreSQL is told
 * each parameter's type. Build a fresh one per statement.
 */
export function sqlParams(dbOrProvider: Db | DatabaseProvider) {
  const isPostgres = (typeof dbOrProvider === "string" ? dbOrProvider : providerOfDb(dbOrProvider)) === "postgresql";
  const params: (string | number)[] = [];
  const at = (value: string | number, cast = "") => {
    params.push(value);
    return isPostgres ? `$${params.length}${cast}` : "?";
  };
  return {
    params,
    list: (values: string[]) => values.map((value) => at(value)).join(", "),
    int: (value: number) => at(value, "::int"),
    text: (value: string) => at(value, "::text"),
    time: (value: Date) => at(timeText(value), "::timestamp(3)"),
  };
}
