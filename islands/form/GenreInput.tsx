import { type KeyboardEvent, useState } from "react";
import { MAX_GENRE_LENGTH, MAX_GENRES } from "../../src/shared/upload-rules";

interface GenreInputProps {
  genres: string[];
  onChange: (genres: string[]) => void;
  disabled?: boolean;
}

/**
 * Genres as chips (SPEC §5): comma or Enter adds what was typed, Backspace in the empty input
 * removes the last chip. Text still in the input when it loses focus is added too, so nothing
 * typed is silently dropped.
 */
export function GenreInput({ genres, onChange, disabled }: GenreInputProps) {
  const [draft, setDraft] = useState("");
  const full = genres.length >= MAX_GENRES;

  const add = (text: string) => {
    const additions = text
      .split(",")
      .map((genre) => genre.trim().slice(0, MAX_GENRE_LENGTH))
      .filter((genre) => genre && !genres.some((existing) => existing.toLowerCase() === genre.toLowerCase()));
    if (additions.length) onChange([...genres, ...new Set(additions)].slice(0, MAX_GENRES));
    setDraft("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add(draft);
    } else if (event.key === "Backspace" && draft === "" && genres.length > 0) {
      event.preventDefault();
      onChange(genres.slice(0, -1));
    }
  };

  return (
    <div className="field">
      <label htmlFor="field-genres">Genres</label>
      <div className="chip-input">
        {genres.length > 0 && (
          <ul className="chips" aria-label="Added genres">
            {genres.map((genre) => (
              <li key={genre} className="chip">
                <span>{genre}</span>
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={`Remove genre ${genre}`}
                  disabled={disabled}
                  onClick={() => onChange(genres.filter((existing) => existing !== genre))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id="field-genres"
          value={draft}
          disabled={disabled || full}
          placeholder={full ? "" : genres.length ? "Add another" : "e.g. ambient, synthwave"}
          aria-describedby="field-genres-note"
          maxLength={MAX_GENRE_LENGTH * 2}
          onChange={(event) => {
            // A pasted "a, b, c" becomes chips at once; the part after the last comma stays as the draft.
            const value = event.target.value;
            const lastComma = value.lastIndexOf(",");
            if (lastComma >= 0) add(value.slice(0, lastComma));
            setDraft(lastComma >= 0 ? value.slice(lastComma + 1) : value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() && add(draft)}
        />
      </div>
      <p id="field-genres-note" className="field-hint">
        {full ? `Up to ${MAX_GENRES} genres.` : "Press Enter or comma to add a genre; Backspace removes the last one."}
      </p>
    </div>
  );
}
