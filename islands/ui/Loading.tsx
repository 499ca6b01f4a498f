/** The shared loading indicator (SPEC §2): a spinner and text, 'Loading...' by default. */
export function Loading({ text = "Loading..." }: { text?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
