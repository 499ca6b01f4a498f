import type { ReactNode } from "react";
import { MAX_LENGTH } from "../../src/shared/upload-rules";
import { Field, fieldId } from "./Field";
import { GenreInput } from "./GenreInput";
import { ReleaseDateField } from "./ReleaseDateField";
import type { TrackInfoState } from "./track-info";

interface TrackInfoFieldsProps {
  info: TrackInfoState;
  disabled: boolean;
  /** The licence picker, which each form words and checks its own way; shown after the release date. */
  license: ReactNode;
}

/** The Track Info inputs (SPEC §2, §5) that the upload and edit forms share, in one order. */
export function TrackInfoFields({ info, disabled, license }: TrackInfoFieldsProps) {
  const { form, bind, set, dateError } = info;
  return (
    <>
      <Field label="Title" required maxLength={MAX_LENGTH.title} autoComplete="off" {...bind("title")} />
      <Field label="Primary Artist" required maxLength={MAX_LENGTH.primaryArtistName} {...bind("primaryArtistName")} />
      <div className="form-row">
        <Field label="BPM" type="number" min={1} max={999} step={1} inputMode="numeric" {...bind("bpm")} />
        <Field label="Key" maxLength={MAX_LENGTH.key} placeholder="e.g. A minor" {...bind("key")} />
      </div>
      <GenreInput genres={form.genreNames} onChange={(genreNames) => set({ genreNames })} disabled={disabled} />
      <div className="field">
        <label htmlFor={fieldId("description")}>Description</label>
        <textarea
          id={fieldId("description")}
          rows={4}
          maxLength={MAX_LENGTH.description}
          value={form.description}
          onChange={(event) => set({ description: event.target.value })}
        />
      </div>
      <ReleaseDateField
        value={form.releaseDate}
        precision={form.releaseDatePrecision}
        error={dateError}
        onChange={(releaseDate, releaseDatePrecision) => set({ releaseDate, releaseDatePrecision })}
      />
      {license}
      <div className="checks">
        <label className="check">
          <input type="checkbox" checked={form.isPublic} onChange={(event) => set({ isPublic: event.target.checked })} />
          Public <span className="field-hint">Anyone can find and play it</span>
        </label>
        <label className="check">
          <input type="checkbox" checked={form.isExplicit} onChange={(event) => set({ isExplicit: event.target.checked })} />
          Explicit <span className="field-hint">Contains explicit content</span>
        </label>
      </div>
    </>
  );
}
