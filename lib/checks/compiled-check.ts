import type { ItemAnswer } from "./rubric-item-schema";
import type { TraceView } from "./trace-view";

/** A check's answer on one trace, with the evidence a reviewer reads. */
export type CheckOutcome = { answer: ItemAnswer; evidence: string };
/** A check compiled once (regexes and paths parsed), run over many trace views. */
export type CompiledCheck = (view: TraceView) => CheckOutcome;
