import { $resumable, pauseUploads, resumeUploads, sentShare } from "../lib/resumable";
import { useIslandStore } from "../lib/use-island-store";

const percentOf = (sent: number, size: number) => (size > 0 ? Math.round((sent * 100) / size) : 100);

/**
 * A resumable batch under way: each file's progress and the total, a button to pause and go on, and what it waits
 * for (a lost connection, an earlier upload it continues). Once every byte is sent, the wait while the server checks
 * the audio (a full decode), which the byte counts cannot show.
 */
export function ResumableProgress() {
  const state = useIslandStore($resumable);
  if (!state) return null;
  const total = Math.round(sentShare(state) * 100);
  return (
    <div className="upload-progress resumable-progress">
      {state.files.length > 1 ? (
        <ul className="resumable-files">
          {state.files.map((file) => (
            <li key={file.key}>
              <span>{file.name}</span>
              <progress aria-label={`${file.name} progress`} max={100} value={percentOf(file.sent, file.size)} />
            </li>
          ))}
        </ul>
      ) : null}
      <progress aria-label="Upload progress" max={100} value={total} />
      <span role="status">
        {state.paused ? `Paused at ${total}%` : total < 100 ? `Uploading... ${total}%` : "Checking audio..."}
        {state.note ? ` ${state.note}` : ""}
      </span>
      {total < 100 ? (
        <button type="button" className="button button-secondary" onClick={state.paused ? resumeUploads : pauseUploads}>
          {state.paused ? "Resume" : "Pause"}
        </button>
      ) : null}
    </div>
  );
}
