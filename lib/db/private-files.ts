import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";

/**
 * Goodhart's files (the SQLite database, uploads, the generated secret) are its user's alone:
 * folders 0700, files 0600, whatever the umask. Modes are set explicitly because a umask only
 * narrows what the creating call asks for, and files made earlier by a looser start are tightened too.
 */
export const privateDirMode = 0o700;
export const privateFileMode = 0o600;

export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: privateDirMode });
  restrict(dir, privateDirMode);
}

/** Creates the file empty when it does not exist (so it is never briefly readable), and makes it private. */
export function makePrivateFile(file: string): void {
  closeSync(openSync(file, "a", privateFileMode));
  restrict(file, privateFileMode);
}

/** The SQLite file and its companions; SQLite creates -wal and -shm with the database file's mode. */
export function makeSqliteFilesPrivate(file: string): void {
  makePrivateFile(file);
  for (const companion of [`${file}-wal`, `${file}-shm`, `${file}-journal`]) if (existsSync(/*turbopackIgnore: true*/ companion)) restrict(companion, privateFileMode);
}

/** Only when group or others have any access: a folder that is already private is left as it is. */
function restrict(target: string, mode: number): void {
  if ((statSync(target).mode & 0o077) !== 0) chmodSync(target, mode);
}
