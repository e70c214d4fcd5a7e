import type { DigestState } from "./backup-record";

export type ToReadBack = { type: "rows"; model: string; ids: string[] } | { type: "finish" };
export type FromReadBack = ({ type: "digest" } & DigestState) | { type: "failed"; message: string };
