const MIB = 1024 * 1024;

/** The API's JSON and protobuf bodies (traces, OTLP, reward, metrics): above this they get 413 (send several batches). */
export const MAX_API_BODY_BYTES = 32 * MIB;

export function formatBytes(bytes: number): string {
  return bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${bytes} bytes`;
}
