import { memo } from "react";
import type { TraceStepView } from "@/lib/traces/list-trace-steps";
import { CollapsibleText } from "./collapsible-text";
import { glanceJson, prettyJson } from "./pretty-json";

const roleStyle: Record<string, string> = {
  system: "border-slate-300 bg-slate-50",
  user: "border-sky-300 bg-sky-50",
  assistant: "border-indigo-300 bg-white",
  tool: "border-amber-300 bg-amber-50",
};

/**
 * One step of the timeline. Everything is rendered as React text: nothing in a trace is ever HTML.
 * Memoised: the timeline appends 100 steps a frame, and only those new cards should render.
 */
export const TraceStepCard = memo(function TraceStepCard({ step }: { step: TraceStepView }) {
  const isToolCall = step.type === "tool_call";
  const facts = [
    step.tokensIn != null ? `${step.tokensIn} tokens in` : null,
    step.tokensOut != null ? `${step.tokensOut} tokens out` : null,
    step.latencyMs != null ? `${Math.round(step.latencyMs)} ms` : null,
    step.startedAt ? step.startedAt.replace("T", " ").slice(0, 19) : null,
  ].filter(Boolean);
  return (
    <article aria-label={`Step ${step.index}`} className={`rounded-lg border-l-4 border p-3 ${roleStyle[step.role] ?? "border-slate-200 bg-white"}`}>
      <header className="mb-1 flex flex-wrap items-baseline gap-2 text-xs text-slate-600">
        <span className="font-mono text-slate-600">#{step.index}</span>
        <span className="font-semibold uppercase text-slate-800">{step.role}</span>
        {isToolCall ? <span className="rounded bg-amber-100 px-1.5 font-mono text-amber-900">tool call: {step.toolName ?? "?"}</span> : null}
        {!isToolCall && step.toolName ? <span className="font-mono">{step.toolName}</span> : null}
        {step.toolCallId ? <span className="font-mono text-slate-600">{step.toolCallId}</span> : null}
        {facts.length > 0 ? <span className="ml-auto">{facts.join(" · ")}</span> : null}
      </header>
      {step.reasoning ? (
        <details className="mb-2 rounded bg-violet-50 p-2 text-violet-900">
          <summary className="cursor-pointer text-xs font-medium">Reasoning (hidden from the user)</summary>
          <CollapsibleText text={step.reasoning} label="reasoning" />
        </details>
      ) : null}
      {step.content ? <CollapsibleText text={step.content} label="content" /> : null}
      {isToolCall || step.arguments != null || step.result != null ? (
        <div className="mt-2 grid gap-2 md:grid-cols-2">
          <section aria-label="Arguments" className="min-w-0 rounded bg-slate-900/5 p-2">
            <h4 className="text-xs font-semibold text-slate-600">Arguments{step.toolName ? ` to ${step.toolName}` : ""}</h4>
            {step.arguments != null ? <CollapsibleText text={glanceJson(step.arguments)} label="arguments" isMono /> : <p className="text-xs text-slate-600">none</p>}
          </section>
          <section aria-label="Result" className="min-w-0 rounded bg-slate-900/5 p-2">
            <h4 className="text-xs font-semibold text-slate-600">Result</h4>
            {step.result != null ? <CollapsibleText text={glanceJson(step.result)} label="result" isMono /> : <p className="text-xs text-slate-600">none recorded</p>}
          </section>
        </div>
      ) : null}
      {step.error ? (
        <p className="mt-2 rounded bg-red-50 p-2 font-mono text-xs text-red-800" role="note" aria-label="Step error">
          error: {step.error}
        </p>
      ) : null}
      {step.metadata ? (
        <details className="mt-2 text-xs text-slate-600">
          <summary className="cursor-pointer">Step metadata</summary>
          <CollapsibleText text={prettyJson(step.metadata)} label="step metadata" isMono />
        </details>
      ) : null}
    </article>
  );
});
