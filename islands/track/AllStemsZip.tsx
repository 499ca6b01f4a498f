import { useEffect, useRef, useState } from "react";
import type { ConversionFormat } from "../../src/shared/conversion-status";
import { showToast } from "../lib/toasts";
import { mediaUrl } from "../player/media-url";
import { startConversion, waitForConversion } from "./conversion";
import { triggerDownload } from "./download-file";
import { FormatButtons } from "./FormatButtons";
import type { PageStem } from "./page-props";

type ZipFormat = "mp3" | ConversionFormat;

const urlOf = (stem: PageStem, format: ConversionFormat) => (format === "wav" ? stem.wavUrl : stem.flacUrl);

/**
 * "Download all stems" (GET /api/track/{id}/stems.zip): one zip of every stem in MP3, WAV or FLAC. The server zips
 * only files that exist, so WAV/FLAC first converts the stems that have no such file yet, as each stem's own button
 * would (the button waits, polled every 5 s), then downloads the zip. For signed-in users (AllStemsDownload).
 */
export default function AllStemsZip({ trackId, stems }: { trackId: string; stems: PageStem[] }) {
  const [busy, setBusy] = useState<ZipFormat | null>(null);
  const [converting, setConverting] = useState(false);
  // Stems converted since the page loaded: their URLs in the props are from before.
  const converted = useRef(new Set<string>());
  const polls = useRef(new AbortController());
  useEffect(() => () => polls.current.abort(), []);

  /** Converts what is missing; false (after the SPEC §8 toast) when a conversion failed. */
  async function convertMissing(format: ConversionFormat): Promise<boolean> {
    const name = format.toUpperCase();
    const missing = stems.filter((stem) => !urlOf(stem, format) && !converted.current.has(`${stem.id}.${format}`));
    if (!missing.length) return true;
    setConverting(true);
    try {
      await Promise.all(missing.map((stem) => startConversion({ trackId, stemId: stem.id }, format)));
    } catch {
      showToast({ type: "error", title: "Conversion Error", message: `Failed to start ${name} conversion.` });
      return false;
    }
    const done = await Promise.all(
      missing.map((stem) => waitForConversion({ trackId, stemId: stem.id }, format, polls.current.signal).catch(() => null)),
    );
    if (polls.current.signal.aborted) return false;
    missing.forEach((stem, index) => {
      if (done[index] !== null) converted.current.add(`${stem.id}.${format}`);
    });
    if (done.every((seconds) => seconds !== null)) return true;
    showToast({
      type: "error",
      title: `${name} Conversion Failed`,
      message: `The ${name} files of some stems could not be made. Please try again.`,
    });
    return false;
  }

  async function download(format: ZipFormat) {
    setBusy(format);
    try {
      if (format !== "mp3" && !(await convertMissing(format))) return;
      // A link cannot send the bearer header: the zip's URL carries a media token, public track or not.
      triggerDownload(await mediaUrl(`/api/track/${trackId}/stems.zip`, false, { format }), trackId);
    } catch (error) {
      showToast({ type: "error", title: "Download Failed", message: (error as Error).message });
    } finally {
      setBusy(null);
      setConverting(false);
    }
  }

  return (
    <FormatButtons
      legend="Download all stems"
      className="all-stems-download"
      formats={["mp3", "wav", "flac"] as const}
      busy={busy}
      busyLabel={(format) => (converting ? `Converting ${format.toUpperCase()}...` : null)}
      onChoose={(format) => void download(format)}
    />
  );
}
