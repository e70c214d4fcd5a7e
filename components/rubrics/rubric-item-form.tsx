"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { saveRubricItemAction } from "@/app/actions/rubric-actions";
import { Button } from "@/components/ui/button";
import { useFormAction } from "@/components/ui/use-form-action";
import { emptyCheckForm, formFromCheck, validateCheckForm, type CheckForm } from "@/lib/rubrics/check-form";
import type { RubricCheckInput } from "@/lib/checks/rubric-check-schema";
import { CheckFields } from "./check-fields";
import { FieldError, fieldClass } from "./form-field";

type ItemDefaults = { id?: string; key: string; question: string; polarity: string; weight: number; check: RubricCheckInput };

/** The check's issues by field path; an llm check's empty prompt is fine (the server asks the question itself). */
function checkIssues(form: CheckForm) {
  const { check, errors } = validateCheckForm(form);
  if (form.kind === "llm" && !form.prompt.trim()) delete errors.prompt;
  return { check, errors };
}

/**
 * Adds an item to a draft, or edits one: question, polarity, weight, and how it is checked,
 * through fields per check kind. The check is validated here with the server's schema as it is
 * typed (each message under the field it names) and again by the server on save.
 */
export function RubricItemForm({ rubricVersionId, item }: { rubricVersionId: string; item?: ItemDefaults }) {
  const [state, { ref: formRef, onSubmit: submit }, isPending] = useFormAction(saveRubricItemAction, null);
  const [checkForm, setCheckForm] = useState<CheckForm>(() => (item ? formFromCheck(item.check) : emptyCheckForm("llm")));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [isSubmitTried, setIsSubmitTried] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const { check, errors } = checkIssues(checkForm);

  // After an item is added, the add form starts over (useFormAction resets its uncontrolled fields too); a refused one keeps what was typed.
  const [seenState, setSeenState] = useState(state);
  if (state !== seenState) {
    setSeenState(state);
    if (state?.ok && !item) {
      setCheckForm(emptyCheckForm("llm"));
      setTouched(new Set());
      setIsSubmitTried(false);
    }
  }
  useEffect(() => {
    if (focusRequest) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, formRef]);

  const serverFields = state && !state.ok && !isPending ? (state.fields ?? {}) : {};
  const serverCheckErrors = Object.fromEntries(
    Object.entries(serverFields).flatMap(([path, message]) => (path === "check" || path.startsWith("check.") ? [[path.slice(6), message]] : [])),
  );
  const shownErrors = {
    ...serverCheckErrors,
    ...Object.fromEntries(Object.entries(errors).filter(([path]) => isSubmitTried || [...touched].some((t) => path === t || path.startsWith(`${t}.`)))),
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (Object.keys(errors).length > 0) {
      event.preventDefault();
      setIsSubmitTried(true);
      setFocusRequest((n) => n + 1);
    }
    submit(event);
  };
  const uid = useId();
  const fieldError = (name: string) => serverFields[name];
  const describe = (name: string) => (fieldError(name) ? { "aria-invalid": true, "aria-describedby": `${uid}-${name}-error` } : {});

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      className="grid grid-cols-1 gap-2 md:grid-cols-6"
      aria-label={item ? `Edit item ${item.key}` : "Add item"}
    >
      <input type="hidden" name="rubricVersionId" value={rubricVersionId} />
      {item?.id ? <input type="hidden" name="itemId" value={item.id} /> : null}
      <input type="hidden" name="check" value={JSON.stringify(check)} />
      <div className="text-sm md:col-span-1">
        <label>
          Key
          <input name="key" defaultValue={item?.key} required className={fieldClass} {...describe("key")} />
        </label>
        <FieldError id={`${uid}-key-error`} message={fieldError("key")} />
      </div>
      <div className="text-sm md:col-span-3">
        <label>
          Question
          <input name="question" defaultValue={item?.question} required className={fieldClass} {...describe("question")} />
        </label>
        <FieldError id={`${uid}-question-error`} message={fieldError("question")} />
      </div>
      <label className="text-sm">
        Polarity
        <select name="polarity" aria-label="Polarity" defaultValue={item?.polarity ?? "good"} className={fieldClass}>
          <option value="good">good behaviour</option>
          <option value="hack">hack check</option>
        </select>
      </label>
      <div className="text-sm">
        <label>
          Weight
          <input name="weight" type="number" step="0.1" min="0" defaultValue={item?.weight ?? 1} className={fieldClass} {...describe("weight")} />
        </label>
        <FieldError id={`${uid}-weight-error`} message={fieldError("weight")} />
      </div>
      <div className="md:col-span-6">
        <CheckFields
          form={checkForm}
          errors={shownErrors}
          onChange={(next, path) => {
            setCheckForm(next);
            setTouched((previous) => new Set(previous).add(path));
          }}
        />
      </div>
      <details className="text-xs text-slate-600 md:col-span-4">
        <summary className="cursor-pointer">Advanced: the check as JSON (read-only)</summary>
        <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 font-mono">{JSON.stringify(check, null, 2)}</pre>
      </details>
      <div className="flex items-start justify-end gap-2 md:col-span-2">
        <Button type="submit" disabled={isPending}>
          {item ? "Save" : "Add item"}
        </Button>
      </div>
      {Object.keys(shownErrors).length ? (
        <p role="alert" className="text-sm text-red-700 md:col-span-6">
          The check has {Object.keys(shownErrors).length === 1 ? "a problem" : `${Object.keys(shownErrors).length} problems`}: see the highlighted field
          {Object.keys(shownErrors).length === 1 ? "" : "s"}.
        </p>
      ) : state && !state.ok && !isPending && !Object.keys(serverFields).length ? (
        <p role="alert" className="text-sm text-red-700 md:col-span-6">
          {state.error}
        </p>
      ) : state?.ok && !isPending ? (
        <p role="status" className="text-sm text-green-700 md:col-span-6">
          {item ? "Saved." : "Added."}
        </p>
      ) : null}
    </form>
  );
}
