import { type ChangeEvent, useRef, useState } from "react";
import { fieldId } from "./Field";

let pointerPressed = false;
if (typeof window !== "undefined") {
  window.addEventListener("pointerdown", () => (pointerPressed = true), true);
  window.addEventListener("pointerup", () => (pointerPressed = false), true);
  window.addEventListener("pointercancel", () => (pointerPressed = false), true);
}

/**
 * Runs `check` once the pointer that is pressed right now (if any) is released. A message shown on
 * blur moves whatever sits below the field; if that happens between mouse-down and mouse-up, the
 * click lands beside the button it was aimed at and is lost. After the release the click is done.
 */
function afterPointerRelease(check: () => void): void {
  if (!pointerPressed) {
    check();
    return;
  }
  const release = () => {
    window.removeEventListener("pointerup", release, true);
    window.removeEventListener("pointercancel", release, true);
    setTimeout(check);
  };
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);
}

/** A field's rule: the SPEC §5 message when the value fails, else null (src/shared/validation.ts). */
export type Rule = (value: string) => string | null;

/**
 * Values and messages for a small form. A message appears when a filled field loses focus or on
 * submit, and from then on follows every keystroke, so it disappears as soon as the value is fixed.
 */
export function useValidatedFields<Name extends string>(initial: Record<Name, string>, rules: Record<Name, Rule>) {
  const [values, setValues] = useState(initial);
  // What each field holds now. A check on blur runs once the pointer is released, after the render it was bound in:
  // the value typed since (a fix made at once) must be what it checks, not that render's.
  const latest = useRef(initial);
  const hold = (name: Name, value: string) => {
    latest.current = { ...latest.current, [name]: value };
    setValues((current) => ({ ...current, [name]: value }));
  };
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [checked, setChecked] = useState<Partial<Record<Name, boolean>>>({});

  const check = (name: Name, value: string) => {
    setChecked((current) => ({ ...current, [name]: true }));
    setErrors((current) => ({ ...current, [name]: rules[name](value) ?? undefined }));
  };

  const bind = (name: Name) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      hold(name, value);
      if (checked[name]) check(name, value);
    },
    onBlur: () => {
      if (latest.current[name] !== "") afterPointerRelease(() => check(name, latest.current[name]));
    },
  });

  /** Checks every field and focuses the first failing one; true when all pass. */
  const validateAll = (): boolean => {
    const next: Partial<Record<Name, string>> = {};
    const all: Partial<Record<Name, boolean>> = {};
    for (const name of Object.keys(rules) as Name[]) {
      all[name] = true;
      const message = rules[name](values[name]);
      if (message) next[name] = message;
    }
    setChecked(all);
    setErrors(next);
    const firstFailing = Object.keys(next)[0];
    if (firstFailing) document.getElementById(fieldId(firstFailing))?.focus();
    return !firstFailing;
  };

  /** Sets a field's value as typing would: a value the form fills in for the user (a module's title). */
  const set = (name: Name, value: string) => {
    hold(name, value);
    if (checked[name]) check(name, value);
  };

  return { values, bind, validateAll, set };
}
