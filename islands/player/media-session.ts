/** What the lock screen and the OS media controls show for the playing track. */
export interface MediaSessionInfo {
  title: string;
  artist: string;
  artworkUrl?: string | null;
}

export interface MediaSessionControls {
  play: () => void;
  pause: () => void;
  stop: () => void;
  seekTo: (seconds: number) => void;
  seekBy: (seconds: number) => void;
  /** The queue's next and previous items (headphone and lock-screen skip buttons). */
  next: () => void;
  previous: () => void;
}

const SEEK_STEP_SECONDS = 10;

/** Hands the Media Session API the track's details and lock-screen controls (where the browser has it). */
export function claimMediaSession(info: MediaSessionInfo, controls: MediaSessionControls): void {
  if (!("mediaSession" in navigator)) return;
  const session = navigator.mediaSession;
  session.metadata = new MediaMetadata({
    title: info.title,
    artist: info.artist,
    artwork: info.artworkUrl ? [{ src: info.artworkUrl }] : [],
  });
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ["play", () => controls.play()],
    ["pause", () => controls.pause()],
    ["stop", () => controls.stop()],
    ["seekto", (details) => details.seekTime !== undefined && controls.seekTo(details.seekTime)],
    ["seekbackward", (details) => controls.seekBy(-(details.seekOffset ?? SEEK_STEP_SECONDS))],
    ["seekforward", (details) => controls.seekBy(details.seekOffset ?? SEEK_STEP_SECONDS)],
    ["nexttrack", () => controls.next()],
    ["previoustrack", () => controls.previous()],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // Older browsers reject actions they do not know; the others still work.
    }
  }
}

export function setMediaSessionState(state: "playing" | "paused" | "none"): void {
  if ("mediaSession" in navigator) navigator.mediaSession.playbackState = state;
}
