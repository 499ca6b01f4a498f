import { atom } from "nanostores";
import { storageKey } from "./storage-keys";

export type ToastType = "success" | "error" | "warning" | "info";
export interface Toast {
  id: number;
  type: ToastType;
  title: string;
  message: string;
  /** Date.now() at which it vanishes. */
  expiresAt: number;
}

/** Toasts vanish after 5 seconds (SPEC §9). */
export const TOAST_LIFETIME_MS = 5_000;
export const $toasts = atom<Toast[]>([]);
let nextId = 1;

/**
 * Live toasts are kept for the tab in sessionStorage, so one shown just before a navigation (the
 * quota warning of an upload that then opens the new track) is still shown on the next page.
 */
const LIVE_TOASTS_KEY = storageKey("toasts", "live");

function setToasts(toasts: Toast[]): void {
  $toasts.set(toasts);
  try {
    sessionStorage.setItem(LIVE_TOASTS_KEY, JSON.stringify(toasts));
  } catch {
    // No storage (server render, or a browser refusing it): toasts then live on this page only.
  }
}

function expireLater(toast: Toast): void {
  setTimeout(() => dismissToast(toast.id), toast.expiresAt - Date.now());
}

export function dismissToast(id: number): void {
  setToasts($toasts.get().filter((toast) => toast.id !== id));
}

const toastType = (type: unknown): ToastType => (type === "success" || type === "error" || type === "warning" ? type : "info");

export function showToast(toast: { type?: string; title: string; message: string }): void {
  const shown: Toast = {
    id: nextId++,
    type: toastType(toast.type),
    title: toast.title,
    message: toast.message,
    expiresAt: Date.now() + TOAST_LIFETIME_MS,
  };
  setToasts([...$toasts.get(), shown]);
  expireLater(shown);
}

/** The previous page's toasts that still have time left, each for the rest of its 5 seconds. */
function restoreLiveToasts(): void {
  let saved: unknown;
  try {
    saved = JSON.parse(sessionStorage.getItem(LIVE_TOASTS_KEY) ?? "[]");
  } catch {
    return;
  }
  if (!Array.isArray(saved)) return;
  const now = Date.now();
  const live: Toast[] = saved
    .filter((toast): toast is Toast => typeof toast?.title === "string" && typeof toast.expiresAt === "number")
    .filter((toast) => toast.expiresAt > now && toast.expiresAt <= now + TOAST_LIFETIME_MS)
    .map((toast) => ({ ...toast, id: nextId++, type: toastType(toast.type), message: String(toast.message ?? "") }));
  setToasts(live);
  for (const toast of live) expireLater(toast);
}

// Once per page, before any island can show a toast of its own (which would overwrite the saved ones).
if (typeof window !== "undefined") restoreLiveToasts();
