import { ORIGINAL_FILE_INVALID, originalFileError } from "../../src/shared/upload-rules";

/**
 * Files the bulk list did not take, and why: an MP3 or other lossy audio file is named with what to
 * use instead (the message the server would give), anything else is neither audio nor a picture.
 */
export function SkippedFiles({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  const lossy = names.filter((name) => originalFileError(name) !== ORIGINAL_FILE_INVALID);
  const other = names.filter((name) => !lossy.includes(name));
  return (
    <div className="notice notice-warning skipped-files" role="status">
      {lossy.map((name) => (
        <p key={name}>
          Skipped {name}: {originalFileError(name)}
        </p>
      ))}
      {other.length > 0 && (
        <p>
          Skipped {other.length === 1 ? "a file that is" : `${other.length} files that are`} neither audio nor a picture:{" "}
          {other.join(", ")}
        </p>
      )}
    </div>
  );
}
