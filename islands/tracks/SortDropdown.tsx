import { SORT_OPTIONS, type SortKey } from "../../src/shared/sort-options";

/**
 * The eight SPEC §9 sorts. With `submittable` it is a GET form on `?sort=`: without JavaScript its
 * 'Sort' button reloads the page in the chosen sort (with JavaScript the change applies at once), sending along
 * the parameters of `keep` (a query string: the list's filters).
 */
export function SortDropdown({
  value,
  onChange,
  submittable = false,
  keep = "",
}: {
  value: SortKey;
  onChange: (key: SortKey) => void;
  submittable?: boolean;
  keep?: string;
}) {
  const select = (
    <label className="sort-dropdown">
      <span>Sort by</span>
      <select name="sort" value={value} onChange={(event) => onChange(event.target.value as SortKey)}>
        {SORT_OPTIONS.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
  if (!submittable) return select;
  return (
    <form method="get" className="sort-form" onSubmit={(event) => event.preventDefault()}>
      {[...new URLSearchParams(keep)].map(([name, kept]) => (
        <input key={name} type="hidden" name={name} value={kept} />
      ))}
      {select}
      <button type="submit" className="button button-small button-secondary no-js-only">
        Sort
      </button>
    </form>
  );
}
