import type { ReleaseDatePrecision } from "../../src/shared/upload-rules";
import { convertReleaseDate, latestReleaseDate } from "./release-date";

interface ReleaseDateFieldProps {
  value: string;
  precision: ReleaseDatePrecision;
  error?: string;
  disabled?: boolean;
  onChange: (value: string, precision: ReleaseDatePrecision) => void;
}

const PRECISION_LABELS: Record<ReleaseDatePrecision, string> = { YEAR: "Year", MONTH: "Month", DAY: "Day" };

/**
 * Release date with its precision (SPEC §5): a year number, a month picker or a date picker,
 * none of them later than today. Switching precision keeps the part of the date that still fits.
 */
export function ReleaseDateField({ value, precision, error, disabled, onChange }: ReleaseDateFieldProps) {
  const max = latestReleaseDate(precision);
  const noteId = "field-releaseDate-note";
  const input = {
    id: "field-releaseDate",
    value,
    max,
    disabled,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? noteId : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value, precision),
  };
  return (
    <div className="field">
      <label htmlFor="field-releaseDate">Release Date</label>
      <div className="release-date">
        {precision === "YEAR" && <input type="number" min={1900} step={1} placeholder="YYYY" {...input} />}
        {precision === "MONTH" && <input type="month" {...input} />}
        {precision === "DAY" && <input type="date" {...input} />}
        <select
          aria-label="Release date precision"
          value={precision}
          disabled={disabled}
          onChange={(event) => {
            const next = event.target.value as ReleaseDatePrecision;
            onChange(convertReleaseDate(value, next), next);
          }}
        >
          {(Object.keys(PRECISION_LABELS) as ReleaseDatePrecision[]).map((option) => (
            <option key={option} value={option}>
              {PRECISION_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p id={noteId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
