import { type DragEvent, useState } from "react";
import type { CoverArt } from "./bulk-store";

/** The drag payload type for a cover moved inside the page (never a file from outside). */
export const COVER_DRAG_TYPE = "application/x-stemma-cover";

export const draggedCoverId = (event: DragEvent) => event.dataTransfer.getData(COVER_DRAG_TYPE) || null;
export const isCoverDrag = (event: DragEvent) => event.dataTransfer.types.includes(COVER_DRAG_TYPE);

/** A cover picture that can be dragged onto a track or into the unmatched area. */
export function CoverThumb({ cover, disabled }: { cover: CoverArt; disabled?: boolean }) {
  return (
    <img
      className="cover-thumb"
      src={cover.url}
      alt={`Cover art: ${cover.file.name}`}
      title={cover.file.name}
      draggable={!disabled}
      onDragStart={(event) => {
        event.dataTransfer.setData(COVER_DRAG_TYPE, cover.id);
        event.dataTransfer.effectAllowed = "move";
      }}
    />
  );
}

/** Drop-target props for anything covers can be dropped on; `over` tells whether a cover hovers it. */
export function useCoverDropTarget(onCover: (coverId: string) => void, enabled: boolean) {
  const [over, setOver] = useState(false);
  const props = {
    onDragOver: (event: DragEvent) => {
      if (!enabled || !isCoverDrag(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      setOver(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
    },
    onDrop: (event: DragEvent) => {
      setOver(false);
      const id = enabled ? draggedCoverId(event) : null;
      if (!id) return;
      event.preventDefault();
      onCover(id);
    },
  };
  return { over, props };
}
