"use client";

import { useState } from "react";

/** Text shown as text (React escapes it); long text is cut with a button to show it all. */
export function CollapsibleText({
  text,
  label,
  isMono = false,
  collapsedChars = 600,
  collapsedLines = 12,
  onToggle,
}: {
  text: string;
  label: string;
  isMono?: boolean;
  collapsedChars?: number;
  collapsedLines?: number;
  onToggle?: () => void;
}) {
  const [isExpanded, setIsExpanded] = useState(false);
  const isLong = text.length > collapsedChars || text.split("\n").length > collapsedLines;
  const shown = isLong && !isExpanded ? `${text.slice(0, collapsedChars).split("\n").slice(0, collapsedLines).join("\n")}…` : text;
  return (
    <div>
      <pre className={`whitespace-pre-wrap break-words ${isMono ? "font-mono text-xs" : "font-sans text-sm"}`}>{shown}</pre>
      {isLong ? (
        <button
          type="button"
          className="mt-1 text-xs text-indigo-700 underline"
          aria-expanded={isExpanded}
          onClick={() => {
            setIsExpanded(!isExpanded);
            onToggle?.();
          }}
        >
          {isExpanded ? `Collapse ${label}` : `Expand ${label} (${text.length.toLocaleString("en")} characters)`}
        </button>
      ) : null}
    </div>
  );
}
