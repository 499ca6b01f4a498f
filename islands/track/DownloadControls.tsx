import { useEffect, useRef, useState } from "react";
import type { ConversionFormat } from "../../src/shared/conversion-status";
import { formatPeriod } from "../lib/format";
import { showToast } from "../lib/toasts";
import { mediaUrl } from "../player/media-url";
import { type ConversionTarget, downloadPath, startConversion, waitForConversion } from "./conversion";
import { triggerDownload } from "./download-file";

type FormatState = "idle" | "converting" | "failed";

export interface DownloadsProps {
  target: ConversionTarget;
  /** What is downloaded, for screen readers: 'Download' buttons are otherwise ambiguous. */
  label: string;
  wavReady: boolean;
  flacReady: boolean;
}

/**
 * MP3, WAV and FLAC downloads (SPEC §4 audio conversion). MP3 and existing derivatives download
 * directly; otherwise WAV/FLAC start a conversion that is polled until it completes (then the file
 * downloads) or fails, with the SPEC §8 toasts.
 */
export default function DownloadControls({ target, label, wavReady, flacReady }: DownloadsProps) {
  const [ready, setReady] = useState<Record<ConversionFormat, boolean>>({ wav: wavReady, flac: flacReady });
  const [states, setStates] = useState<Record<ConversionFormat, FormatState>>({ wav: "idle", flac: "idle" });
  const polls = useRef(new AbortController());
  useEffect(() => () => polls.current.abort(), []);

  const setState = (format: ConversionFormat, state: FormatState) => setStates((current) => ({ ...current, [format]: state }));
  // Downloads need a signed-in user (the server answers a visitor's ?attachment with 401), public track
  // or not: a link cannot send the bearer header, so every download gets a media token.
  const fileUrl = (format: "mp3" | ConversionFormat) => mediaUrl(downloadPath(target, format), false, { attachment: "" });

  async function downloadReady(format: "mp3" | ConversionFormat) {
    try {
      triggerDownload(await fileUrl(format), target.trackId);
    } catch (error) {
      showToast({ type: "error", title: "Download Failed", message: (error as Error).message });
    }
  }

  async function download(format: ConversionFormat) {
    const name = format.toUpperCase();
    if (ready[format]) {
      await downloadReady(format);
      return;
    }
    setState(format, "converting");
    try {
      await startConversion(target, format);
    } catch {
      setState(format, "failed");
      showToast({ type: "error", title: "Conversion Error", message: `Failed to start ${name} conversion.` });
      return;
    }
    let keptForSeconds: number | null = null;
    try {
      keptForSeconds = await waitForConversion(target, format, polls.current.signal);
    } catch (error) {
      if (polls.current.signal.aborted) return;
      console.warn("Conversion status check failed", error);
    }
    if (keptForSeconds === null) {
      setState(format, "failed");
      showToast({
        type: "error",
        title: `${name} Conversion Failed`,
        message: `The ${name} file could not be made. Please try again.`,
      });
      return;
    }
    setReady((current) => ({ ...current, [format]: true }));
    setState(format, "idle");
    showToast({
      type: "success",
      title: `${name} Ready`,
      message: `Your ${name} file is ready and will be available for ${formatPeriod(keptForSeconds)}.`,
    });
    await downloadReady(format);
  }

  return (
    <fieldset className="downloads">
      <legend>Download {label}</legend>
      <a
        className="button button-small button-secondary"
        href={`${downloadPath(target, "mp3")}?attachment=`}
        download
        onClick={(event) => {
          // The link needs a media token, fetched when it is used (tokens are short-lived).
          event.preventDefault();
          void downloadReady("mp3");
        }}
      >
        MP3
      </a>
      {(["wav", "flac"] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="button button-small button-secondary"
          disabled={states[format] === "converting"}
          title={states[format] === "failed" ? "Failed to get download URL" : undefined}
          aria-busy={states[format] === "converting"}
          onClick={() => void download(format)}
        >
          {states[format] === "converting" ? `Converting ${format.toUpperCase()}...` : format.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
