"use client";

import { useEffect, useId, useOptimistic, useRef, useState, useTransition, type KeyboardEvent, type ReactNode } from "react";
import { reorderRubricItemsAction } from "@/app/actions/rubric-actions";
import { moveItem } from "@/lib/rubrics/move-item";

export type SortableRow = { id: string; key: string; question: string; content: ReactNode };

/**
 * The draft's items in order, each with a handle that moves it exactly one place per ↑/↓ key
 * (focus stays on the moved item) or anywhere by drag and drop. The new order shows at once and
 * is saved as a whole; if the server refuses it, the stored order comes back with the reason.
 */
export function SortableItems({ rubricVersionId, rows, canEdit }: { rubricVersionId: string; rows: SortableRow[]; canEdit: boolean }) {
  const [order, setOptimisticOrder] = useOptimistic(rows.map((row) => row.id));
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [dragId, setDragId] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const helpId = useId();

  useEffect(() => {
    if (focusId) handles.current.get(focusId)?.focus();
  }, [order, focusId]);

  const byId = new Map(rows.map((row) => [row.id, row]));
  const visible = order.filter((id) => byId.has(id)).map((id) => byId.get(id)!);

  const move = (id: string, to: number) => {
    const from = order.indexOf(id);
    const next = moveItem(order, from, to);
    if (next.join(",") === order.join(",")) return;
    setFocusId(id);
    const { key } = byId.get(id)!;
    setMessage({ text: `Moved ${key} to place ${next.indexOf(id) + 1} of ${next.length}.`, isError: false });
    const form = new FormData();
    form.set("rubricVersionId", rubricVersionId);
    form.set("itemIds", next.join(","));
    // Shown at once; when the action ends the server's order (revalidated with it) takes over, or stays as it was on an error.
    startTransition(async () => {
      setOptimisticOrder(next);
      const result = await reorderRubricItemsAction(null, form);
      if (!result.ok) setMessage({ text: `Not moved: ${result.error}`, isError: true });
    });
  };
  const onKeyDown = (event: KeyboardEvent, id: string) => {
    const delta = event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
    if (!delta) return;
    event.preventDefault();
    move(id, order.indexOf(id) + delta);
  };

  return (
    <>
      {canEdit && rows.length > 1 ? (
        <p id={helpId} className="mb-2 text-xs text-slate-600">
          To reorder, drag an item by its handle ⠿, or focus the handle and press ↑ or ↓: each press moves it one place.
        </p>
      ) : null}
      <ol aria-label="Rubric items" aria-busy={isPending} className="space-y-3">
        {visible.map((row, index) => (
          <li
            key={row.id}
            aria-label={`Item ${row.key}`}
            onDragOver={(event) => dragId && event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragId) move(dragId, index);
              setDragId(null);
            }}
            className={`grid grid-cols-[auto_1fr] gap-2 rounded-md border bg-white p-3 ${dragId === row.id ? "border-indigo-400 opacity-60" : "border-slate-200"}`}
          >
            {canEdit ? (
              <button
                type="button"
                ref={(element) => {
                  if (element) handles.current.set(row.id, element);
                  else handles.current.delete(row.id);
                }}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", row.key);
                  setDragId(row.id);
                }}
                onDragEnd={() => setDragId(null)}
                onKeyDown={(event) => onKeyDown(event, row.id)}
                aria-label={`Move ${row.key}`}
                aria-describedby={helpId}
                className="h-8 w-6 cursor-grab rounded text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                ⠿
              </button>
            ) : (
              <span />
            )}
            <div className="min-w-0">
              <p className="font-medium">
                {index + 1}. {row.question}
              </p>
              {row.content}
            </div>
          </li>
        ))}
      </ol>
      <p role="status" className={`mt-1 text-xs ${message?.isError ? "text-red-700" : "text-slate-600"}`}>
        {message?.text}
      </p>
    </>
  );
}
