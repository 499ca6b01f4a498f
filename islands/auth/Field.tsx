import type { InputHTMLAttributes } from "react";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  error?: string;
}

/**
 * One labelled input with its validation message right below it. The message is tied to the
 * input with aria-describedby, so screen readers read it with the field.
 */
/** The input's id, so a form can move focus to the first field that needs fixing. */
export const fieldId = (name: string) => `field-${name}`;

export function Field({ name, label, error, ...input }: FieldProps) {
  const id = fieldId(name);
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
