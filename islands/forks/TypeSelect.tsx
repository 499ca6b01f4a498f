import { STEM_TYPES } from "../../src/shared/upload-rules";

/** The SPEC §3 stem types. */
export function TypeSelect({ value, onChange }: { value: string; onChange: (type: string) => void }) {
  return (
    <select aria-label="Stem type" value={value} onChange={(event) => onChange(event.target.value)}>
      {STEM_TYPES.map((type) => (
        <option key={type} value={type}>
          {type}
        </option>
      ))}
    </select>
  );
}
