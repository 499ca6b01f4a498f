/**
 * How far an upload has got: the bytes sent, then the wait while the server checks the audio
 * (a full decode), which the byte count cannot show.
 */
export function UploadProgress({ sent, label = "Upload progress" }: { sent: number; label?: string }) {
  const percent = Math.round(sent * 100);
  return (
    <div className="upload-progress">
      <progress aria-label={label} max={100} value={percent} />
      <span role="status">{percent < 100 ? `Uploading... ${percent}%` : "Checking audio..."}</span>
    </div>
  );
}
