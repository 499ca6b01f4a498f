import { downloadCounted } from "./counted-downloads";

/** Starts a browser download of a same-origin file of this track, and counts it on the page. */
export function triggerDownload(url: string, trackId: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
  downloadCounted(trackId);
}
