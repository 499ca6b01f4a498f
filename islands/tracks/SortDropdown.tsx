import { SORT_OPTIONS, type SortKey } from "./sort-options";

/** The eight SPEC §9 sorts. */
export function SortDropdown({ value, onChange }: { value: SortKey; onChange: (key: SortKey) => void }) {
  return (
    <label className="sort-dropdown">
      <span>Sort by</span>
      <select value={value} onChange={(event) => onChange(event.target.value as SortKey)}>
        {SORT_OPTIONS.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
