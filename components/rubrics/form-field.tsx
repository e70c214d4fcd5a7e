"use client";

import { useId, type ReactNode } from "react";

export const fieldClass = "mt-1 w-full rounded-md border border-slate-500 px-2 py-1 text-sm aria-[invalid=true]:border-red-500";

/** The message of a field, announced with it (aria-describedby) and shown right below it. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span id={id} className="mt-0.5 block text-xs text-red-700">
      {message}
    </span>
  ) : null;
}

type FieldProps = { label: string; error?: string; hint?: string; className?: string };

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  className = "",
  mono = false,
  type = "text",
}: FieldProps & { value: string; onChange: (value: string) => void; mono?: boolean; type?: "text" | "number" }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`text-sm ${className}`}>
      <label htmlFor={id} className="block">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${fieldClass} ${mono ? "font-mono" : ""}`}
      />
      {hint ? (
        <span id={`${id}-hint`} className="mt-0.5 block text-xs text-slate-500">
          {hint}
        </span>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function SelectField<T extends string>({
  label,
  value,
  onChange,
  options,
  error,
  className = "",
}: FieldProps & { value: T; onChange: (value: T) => void; options: ReadonlyArray<readonly [T, string]> }) {
  const id = useId();
  return (
    <div className={`text-sm ${className}`}>
      <label htmlFor={id} className="block">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldClass}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A group of fields with the message of the group itself (e.g. "give min, max or both"). */
export function FieldGroup({ legend, error, children }: { legend: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="rounded-md border border-slate-200 p-2">
      <legend className="px-1 text-xs font-medium text-slate-600">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 md:grid-cols-4">{children}</div>
      {error ? (
        <span id={`${id}-error`} className="mt-1 block text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
