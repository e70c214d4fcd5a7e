import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Reads `.env` in the checkout into process.env: for npm start (and the worker and reward server it
 * starts with its environment), `npm run worker` and the CLI. The web server's Next.js reads the same
 * file, so a key put there reaches every process, the worker that runs the judges included. A
 * variable already set in the environment wins. Returns the file read, or null when there is none.
 */
export function loadEnvFile(root: string): string | null {
  const file = path.join(root, ".env");
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
