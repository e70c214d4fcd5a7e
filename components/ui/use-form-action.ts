"use client";

import { startTransition, useActionState, useEffect, useRef, type FormEvent } from "react";

type Answer = { ok: boolean } | null;

/**
 * useActionState for a form whose fields keep what the user typed when the server refuses it. A form
 * given to `action={…}` is reset by React after every action, refused or not, so a rejected submission
 * lost every field; this one submits through `onSubmit` and clears the form only after an answer that
 * succeeded (or never, with `keepOnSuccess`, for forms one sends again with a value changed). A handler
 * of the form's own that calls preventDefault first (its own validation) stops the submission.
 */
export function useFormAction<State extends Answer>(
  action: (state: Awaited<State>, data: FormData) => State | Promise<State>,
  initialState: Awaited<State>,
  { keepOnSuccess = false }: { keepOnSuccess?: boolean } = {},
) {
  const [state, dispatch, isPending] = useActionState<State, FormData>(action, initialState);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state?.ok && !keepOnSuccess) ref.current?.reset();
  }, [state, keepOnSuccess]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    startTransition(() => dispatch(data));
  };
  return [state, { ref, onSubmit }, isPending] as const;
}
