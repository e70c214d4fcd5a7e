import { readFileSync } from "node:fs";

/** CPU time (user + system) a process on this machine has used, in ms (clock ticks of 10 ms); null once it has exited. */
export function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
