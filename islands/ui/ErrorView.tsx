/** The shared error view (SPEC §2): 'An error occurred' by default, with 'Try Again' when a retry exists. */
export function ErrorView({ message = "An error occurred", onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <div className="error-view" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try Again
        </button>
      )}
    </div>
  );
}
