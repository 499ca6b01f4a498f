import { atom } from "nanostores";

export type ToastType = "success" | "error" | "warning" | "info";
export interface Toast {
  id: number;
  type: ToastType;
  title: string;
  message: string;
}

/** Toasts vanish after 5 seconds (SPEC §9). */
export const TOAST_LIFETIME_MS = 5_000;
export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

export function showToast(toast: { type?: string; title: string; message: string }): void {
  const type: ToastType = toast.type === "success" || toast.type === "error" || toast.type === "warning" ? toast.type : "info";
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, type, title: toast.title, message: toast.message }]);
  setTimeout(() => dismissToast(id), TOAST_LIFETIME_MS);
}
