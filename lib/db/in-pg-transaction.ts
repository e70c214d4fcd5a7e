import type pg from "pg";

/** `write` on one client of the pool inside BEGIN ... COMMIT, rolled back if it throws. */
export async function inPgTransaction<T>(pool: pg.Pool, write: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await write(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
