import type { Db, Tx } from "../db/client";

type Row = Record<string, unknown>;

/** The part of a Prisma model delegate a backup uses; every model has it, under its name in camelCase. */
export type ModelDelegate = {
  findMany(args: { where: Row; orderBy: Row[]; select?: Row; take: number; skip?: number; cursor?: Row }): Promise<Row[]>;
  findUnique(args: { where: Row }): Promise<Row | null>;
  count(args: { where: Row }): Promise<number>;
  createMany(args: { data: Row[] }): Promise<{ count: number }>;
};

export function delegateOf(db: Db | Tx, model: string): ModelDelegate {
  const delegate = (db as unknown as Record<string, ModelDelegate | undefined>)[model.charAt(0).toLowerCase() + model.slice(1)];
  if (!delegate) throw new Error(`The Prisma client has no model ${model}`);
  return delegate;
}
