import { useState } from "react";
import { ApiError } from "../lib/api";

/** SPEC §8: form submit errors show the server's message, or 'An error occurred'. */
export function submitErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : "An error occurred";
}

/**
 * A form's submit: clears the last error, stops if `check` finds a problem (it shows and focuses it),
 * keeps the form busy while `action` runs, and on failure logs it, shows the server's message and
 * frees the form for another try. After a success the form stays busy when `staysBusyOnSuccess`
 * (the page is about to navigate away, or the form is done).
 */
export function useSubmit({ staysBusyOnSuccess = false } = {}) {
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const run = async (check: () => boolean, action: () => Promise<unknown>, failureLog: string): Promise<void> => {
    setFormError(null);
    if (!check()) return;
    setSubmitting(true);
    try {
      await action();
      if (!staysBusyOnSuccess) setSubmitting(false);
    } catch (error) {
      console.error(failureLog, error);
      setFormError(submitErrorMessage(error));
      setSubmitting(false);
    }
  };
  return { submitting, formError, run };
}

/** The form-wide message under the fields, read out at once. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
