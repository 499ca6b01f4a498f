import type { ReactNode } from "react";

interface AdminTableProps {
  /** Read by screen readers only; the page heading already names the table for sighted users. */
  caption: string;
  /** The column headings; a last, unlabelled column holds each row's action button. */
  columns: string[];
  /** Shown in one full-width row when there are no rows. */
  empty: string;
  children: ReactNode[];
  /**
   * On phones each row becomes a card of labelled values instead of columns scrolling sideways out of sight: for
   * tables too wide for a phone. Each cell but the first (the card's title) then needs `data-label`, its column's name.
   */
  stacked?: boolean;
}

/** The admin screens' table: headed columns, an action column, and a row saying when it is empty. */
export function AdminTable({ caption, columns, empty, children, stacked = false }: AdminTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on narrow screens, so keyboards must reach it (WCAG 2.1.1)
    <section className={stacked ? "table-wrap table-stacked" : "table-wrap"} aria-label={caption} tabIndex={0}>
      <table className="data">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {children.length === 0 && (
            <tr>
              <td colSpan={columns.length + 1} className="empty-row">
                {empty}
              </td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </section>
  );
}

/** Enabled/Active in green, Disabled/Inactive in grey (SPEC §2). */
export function StatusBadge({ on, label }: { on: boolean; label: string }) {
  return <span className={`status-badge ${on ? "status-on" : "status-off"}`}>{label}</span>;
}

/** A row's toggle, named with what it acts on so each button reads uniquely ('Disable EARLY_ACCESS_REQUIRED'). */
export function ToggleButton({ action, subject, onClick }: { action: string; subject: string; onClick: () => void }) {
  return (
    <button type="button" className="button button-small button-secondary" aria-label={`${action} ${subject}`} onClick={onClick}>
      {action}
    </button>
  );
}
