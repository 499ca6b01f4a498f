import { downloadCounted } from "./counted-downloads";

/**
 * Starts a browser download of a same-origin file of this track, and counts it on the page. `fileName` names a file
 * the page holds (a blob: URL has no name of its own); a server's file keeps the name it sends.
 */
export function triggerDownload(url: string, trackId: string, fileName = ""): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  downloadCounted(trackId);
}
