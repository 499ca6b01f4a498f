import {
  MAX_LENGTH,
  MAX_STEMS,
  STEM_TYPES,
  STEMS_NEED_WAV_OR_FLAC,
  type StemType,
  stemFileError,
  stemNameRequired,
  TOO_MANY_STEMS,
} from "../../src/shared/upload-rules";
import { Field } from "../form/Field";
import { STEM_ACCEPT, stemFromFileName } from "./file-names";

export interface StemEntry {
  key: number;
  file: File | null;
  name: string;
  type: StemType;
}

/** A stem's problems; "required" ones only once the user has tried to submit. */
export function stemErrors(stem: StemEntry, index: number, showRequired: boolean): { file?: string; name?: string } {
  const errors: { file?: string; name?: string } = {};
  if (stem.file) errors.file = stemFileError(stem.file.name) ?? undefined;
  else if (showRequired) errors.file = "Please select an audio file for the stem.";
  if (showRequired && !stem.name.trim()) errors.name = stemNameRequired(index);
  return errors;
}

interface StemFieldsProps {
  stems: StemEntry[];
  onChange: (stems: StemEntry[]) => void;
  /** Whether the chosen original may carry stems; null before one is chosen. */
  originalTakesStems: boolean | null;
  showRequired: boolean;
  disabled?: boolean;
}

let nextKey = 1;

/** Optional stems (SPEC §5): each a .wav/.flac file with a name and type, at most 20, for WAV/FLAC originals. */
export function StemFields({ stems, onChange, originalTakesStems, showRequired, disabled }: StemFieldsProps) {
  const update = (key: number, change: Partial<StemEntry>) =>
    onChange(stems.map((stem) => (stem.key === key ? { ...stem, ...change } : stem)));
  const full = stems.length >= MAX_STEMS;
  const note =
    originalTakesStems === null
      ? "Choose a WAV or FLAC original to add stems."
      : !originalTakesStems
        ? STEMS_NEED_WAV_OR_FLAC
        : full
          ? TOO_MANY_STEMS
          : `Optional: up to ${MAX_STEMS} stems, .wav or .flac, each as long as the original.`;
  const blocked = originalTakesStems === false && stems.length > 0;

  return (
    <fieldset className="stems" disabled={disabled}>
      <legend>Stems</legend>
      <p id="stems-note" className={blocked ? "field-error" : "field-hint"} role={blocked ? "alert" : undefined}>
        {note}
      </p>
      {stems.length > 0 && (
        <ol className="stem-list">
          {stems.map((stem, index) => {
            const errors = stemErrors(stem, index, showRequired);
            const label = `Stem ${index + 1}`;
            return (
              <li key={stem.key} className="stem-row">
                <Field
                  name={`stem-${stem.key}-file`}
                  label={`${label} file`}
                  type="file"
                  accept={STEM_ACCEPT}
                  error={errors.file}
                  onChange={(event) => {
                    const file = event.target.files?.[0] ?? null;
                    const guess = file && !stem.name.trim() ? stemFromFileName(file.name) : null;
                    update(stem.key, { file, ...guess });
                  }}
                />
                <Field
                  name={`stem-${stem.key}-name`}
                  label={`${label} name`}
                  value={stem.name}
                  maxLength={MAX_LENGTH.stemName}
                  error={errors.name}
                  onChange={(event) => update(stem.key, { name: event.target.value })}
                />
                <div className="field">
                  <label htmlFor={`stem-${stem.key}-type`}>{`${label} type`}</label>
                  <select
                    id={`stem-${stem.key}-type`}
                    value={stem.type}
                    onChange={(event) => update(stem.key, { type: event.target.value as StemType })}
                  >
                    {STEM_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {type}
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  type="button"
                  className="button button-secondary button-small stem-remove"
                  onClick={() => onChange(stems.filter((other) => other.key !== stem.key))}
                >
                  Remove<span className="visually-hidden"> {label.toLowerCase()}</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <button
        type="button"
        className="button button-secondary"
        disabled={!originalTakesStems || full}
        aria-describedby="stems-note"
        onClick={() => onChange([...stems, { key: nextKey++, file: null, name: "", type: "audio" }])}
      >
        Add Stem
      </button>
    </fieldset>
  );
}
