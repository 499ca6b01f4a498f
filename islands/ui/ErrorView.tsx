import type { ReactNode } from "react";

/**
 * The shared error view (SPEC §2): 'An error occurred' by default, with 'Try Again' when a retry
 * exists; `children` say more (why, and where to go instead) when a retry cannot help.
 */
export function ErrorView({
  message = "An error occurred",
  onRetry,
  children,
}: {
  message?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="error-view" role="alert">
      <p>{message}</p>
      {children}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try Again
        </button>
      )}
    </div>
  );
}
