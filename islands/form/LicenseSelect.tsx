import { licenseLabel } from "../lib/licenses";
import type { LicensesState } from "./use-licenses";

interface LicenseSelectProps {
  licenses: LicensesState;
  value: string;
  onChange: (licenseId: string) => void;
  label?: string;
  disabled?: boolean;
}

/** The required licence picker (SPEC §5), with the licence's description under it once chosen. */
export function LicenseSelect({ licenses, value, onChange, label = "License", disabled }: LicenseSelectProps) {
  if (licenses.status === "error") {
    return (
      <div className="field">
        <span className="field-label">{label}</span>
        <p className="field-error" role="alert">
          {licenses.message}{" "}
          <button type="button" className="link-button" onClick={licenses.retry}>
            Try Again
          </button>
        </p>
      </div>
    );
  }
  const options = licenses.status === "ready" ? licenses.licenses : [];
  const chosen = options.find((license) => license.id === value);
  return (
    <div className="field">
      <label htmlFor="field-license">{label}</label>
      <select
        id="field-license"
        required
        value={value}
        disabled={disabled || licenses.status === "loading"}
        aria-describedby={chosen ? "field-license-note" : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{licenses.status === "loading" ? "Loading..." : "Select a license"}</option>
        {options.map((license) => (
          <option key={license.id} value={license.id}>
            {licenseLabel(license)}
          </option>
        ))}
      </select>
      {chosen && (
        <p id="field-license-note" className="field-hint">
          {chosen.description}
        </p>
      )}
    </div>
  );
}
