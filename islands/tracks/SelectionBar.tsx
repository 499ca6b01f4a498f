/** The bottom bar of My Tracks while cards are selected: the count, Cancel and Delete. */
export function SelectionBar({ count, onCancel, onDelete }: { count: number; onCancel: () => void; onDelete: () => void }) {
  if (count === 0) return null;
  return (
    <section className="selection-bar" aria-label="Selection">
      <span>{count === 1 ? "1 track selected" : `${count} tracks selected`}</span>
      <button type="button" className="button button-secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="button" className="button button-danger" onClick={onDelete}>
        Delete
      </button>
    </section>
  );
}
