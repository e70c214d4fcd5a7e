import { currentProvider, getDb } from "../db/client";

export async function checkHealth(): Promise<{ status: "ok" | "error"; db: "sqlite" | "postgresql"; error?: string }> {
  const db = currentProvider();
  try {
    await getDb().$queryRawUnsafe("SELECT 1");
    return { status: "ok", db };
  } catch (error) {
    return { status: "error", db, error: error instanceof Error ? error.message : String(error) };
  }
}
