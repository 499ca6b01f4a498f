import { afterEach, describe, expect, test } from "bun:test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { $toasts, dismissToast, showToast } from "../lib/toasts";
import { ErrorView } from "./ErrorView";
import { Loading } from "./Loading";
import { ToastStack } from "./Toaster";

describe("Loading", () => {
  test("says 'Loading...' by default, in a polite status region with a spinner", () => {
    const html = renderToStaticMarkup(createElement(Loading));
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('class="spinner"');
    expect(html).toContain(">Loading...<");
  });

  test("shows the text it is given instead", () => {
    expect(renderToStaticMarkup(createElement(Loading, { text: "Loading more..." }))).toContain(">Loading more...<");
  });
});

describe("ErrorView", () => {
  test("says 'An error occurred' by default and offers no Try Again without a retry", () => {
    const html = renderToStaticMarkup(createElement(ErrorView));
    expect(html).toContain('role="alert"');
    expect(html).toContain(">An error occurred<");
    expect(html).not.toContain("Try Again");
  });

  test("shows its message and a Try Again button when a retry exists", () => {
    const html = renderToStaticMarkup(createElement(ErrorView, { message: "Failed to load track details", onRetry: () => {} }));
    expect(html).toContain(">Failed to load track details<");
    expect(html).toMatch(/<button[^>]*>Try Again<\/button>/);
  });
});

describe("Toaster", () => {
  afterEach(() => {
    for (const toast of $toasts.get()) dismissToast(toast.id);
  });

  test("renders each toast with its type, title, message and a close button; unknown types become info", () => {
    showToast({ type: "success", title: "Saved", message: "Track info saved." });
    showToast({ type: "error", title: "Upload failed", message: "Audio file is required" });
    showToast({ type: "warning", title: "Storage", message: "Nearly full" });
    showToast({ type: "early-access-request", title: "Early access", message: "fan@example.com asked" });
    // The island renders the store's initial value on the server (see use-island-store), so draw the live list.
    const html = renderToStaticMarkup(createElement(ToastStack, { toasts: $toasts.get() }));
    expect([...html.matchAll(/data-type="(\w+)"/g)].map((match) => match[1])).toEqual(["success", "error", "warning", "info"]);
    expect(html).toContain('<strong class="toast-title">Upload failed</strong>');
    expect(html).toContain('<p class="toast-message">Audio file is required</p>');
    expect(html.match(/aria-label="Close"/g)).toHaveLength(4);
    // Errors interrupt (alert); the others wait their turn (status).
    expect(html).toMatch(/role="alert"[^>]*data-type="error"/);
    expect(html.match(/role="status"/g)).toHaveLength(3);
  });
});
