"use client";

import { useId, type ReactNode } from "react";
import { glossary, glossText, type GlossaryTerm } from "@/lib/words/glossary";

/** A term with its plain meaning in a tooltip, on hover and on keyboard focus (and read out as its description). */
export function GlossaryTermTip({ term, children }: { term: GlossaryTerm; children: ReactNode }) {
  const id = useId();
  return (
    <span tabIndex={0} aria-describedby={id} className="group relative cursor-help underline decoration-dotted underline-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
      {children}
      <span role="tooltip" id={id} className="absolute bottom-full left-0 z-20 mb-1 hidden w-64 rounded-md bg-slate-900 p-2 text-left font-sans text-xs font-normal normal-case text-white shadow-lg group-hover:block group-focus:block">
        {glossary[term]}
      </span>
    </span>
  );
}

/** A sentence of the monitor's with each glossary term it uses explained in a tooltip. */
export function GlossedText({ text }: { text: string }) {
  return (
    <>
      {glossText(text).map((part, index) =>
        part.term ? (
          <GlossaryTermTip key={index} term={part.term}>
            {part.text}
          </GlossaryTermTip>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
