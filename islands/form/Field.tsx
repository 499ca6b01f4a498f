import type { InputHTMLAttributes } from "react";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  error?: string;
  /** What the field expects, shown until a validation message takes its place. */
  hint?: string;
}

/** The input's id, so a form can move focus to the first field that needs fixing. */
export const fieldId = (name: string) => `field-${name}`;

/**
 * One labelled input with its hint or validation message right below it, tied to the input with
 * aria-describedby so screen readers read it with the field.
 */
export function Field({ name, label, error, hint, ...input }: FieldProps) {
  const id = fieldId(name);
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        {...input}
      />
      {note && (
        <p id={noteId} className={error ? "field-error" : "field-hint"}>
          {note}
        </p>
      )}
    </div>
  );
}
