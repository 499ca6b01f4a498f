/** Where a track's generated link-preview image is served (index.ts): for tracks without cover art. */
export const previewImagePath = (trackId: string) => `/api/track/${encodeURIComponent(trackId)}/preview.png`;
