import { useState } from "react";
import type { StemMix } from "../../modules/forks/model";
import { api, receiveFile } from "../lib/api";
import { $auth } from "../lib/auth";
import { showToast } from "../lib/toasts";
import { useIslandStore } from "../lib/use-island-store";
import { triggerDownload } from "../track/download-file";
import { FormatButtons } from "../track/FormatButtons";

type MixFormat = "mp3" | "wav";

/**
 * "Download this mix" (synced mode): the stems rendered by the server as the mixer plays them now (POST
 * /api/track/{id}/mix, the render of "Fork with this mix"), saved as "<title> - mix.mp3" or ".wav". For anyone
 * signed in, the owner too. The render takes a moment: the button says so until the file comes.
 */
export function DownloadMix({ trackId, currentMix }: { trackId: string; currentMix: () => StemMix[] }) {
  const auth = useIslandStore($auth);
  const [busy, setBusy] = useState<MixFormat | null>(null);
  if (auth.status !== "signed-in") return null;

  async function download(format: MixFormat) {
    setBusy(format);
    try {
      const { file, name } = await receiveFile(api.track({ id: trackId }).mix.post, { format, mix: currentMix() });
      const url = URL.createObjectURL(file);
      triggerDownload(url, trackId, name ?? `mix.${format}`);
      // The click has handed the file to the browser's download; the page need not hold it any longer.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      showToast({ type: "error", title: "Download Failed", message: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  return (
    <FormatButtons
      legend="Download this mix"
      className="download-mix"
      formats={["mp3", "wav"] as const}
      busy={busy}
      busyLabel={(format) => `Preparing ${format.toUpperCase()}...`}
      onChoose={(format) => void download(format)}
    />
  );
}
