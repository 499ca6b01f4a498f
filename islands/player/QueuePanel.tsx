import { type DragEvent, useState } from "react";
import { useIslandStore } from "../lib/use-island-store";
import { $autoplay, $queue, $queueSource, $repeat, $shuffle, type Repeat, setModes } from "./now-playing";
import { moveInQueue, removeFromQueue } from "./playback";

const NEXT_REPEAT: Record<Repeat, Repeat> = { off: "all", all: "one", one: "off" };

/**
 * The queue (issue 40 B), opened from the player bar: what comes next and where it came from, each item removable
 * and movable (dragged, or with its Move up and Move down buttons from the keyboard), and the switches for autoplay,
 * shuffle and repeat. Loaded when first opened.
 */
export function QueuePanel({ id }: { id: string }) {
  const queue = useIslandStore($queue);
  const source = useIslandStore($queueSource);
  const autoplay = useIslandStore($autoplay);
  const shuffle = useIslandStore($shuffle);
  const repeat = useIslandStore($repeat);
  const [dragged, setDragged] = useState<number | null>(null);

  const drop = (event: DragEvent<HTMLLIElement>, to: number) => {
    event.preventDefault();
    if (dragged !== null && dragged !== to) moveInQueue(dragged, to);
    setDragged(null);
  };

  return (
    <section id={id} className="queue-panel" aria-label="Queue">
      <div className="queue-head">
        <h2>Queue</h2>
        <p className="queue-source">{source ? `Playing from ${source.label}` : "Tracks you added"}</p>
      </div>
      <div className="queue-modes">
        <label>
          <input type="checkbox" checked={autoplay} onChange={(event) => setModes({ autoplay: event.currentTarget.checked })} />{" "}
          Autoplay
        </label>
        <button
          type="button"
          className="button button-small button-secondary"
          aria-pressed={shuffle}
          onClick={() => setModes({ shuffle: !shuffle })}
        >
          Shuffle
        </button>
        <button
          type="button"
          className="button button-small button-secondary"
          aria-pressed={repeat !== "off"}
          onClick={() => setModes({ repeat: NEXT_REPEAT[repeat] })}
        >
          {repeat === "one" ? "Repeat: one" : repeat === "all" ? "Repeat: all" : "Repeat: off"}
        </button>
      </div>
      {queue.length === 0 ? (
        <p className="queue-empty">Nothing is queued.</p>
      ) : (
        <ol className="queue-list">
          {queue.map((item, index) => (
            <li
              // An item may be queued twice: its place tells the two apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the place is the identity of a queued item.
              key={`${item.key}:${index}`}
              className={dragged === index ? "queue-item dragging" : "queue-item"}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = "move";
                setDragged(index);
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => drop(event, index)}
              onDragEnd={() => setDragged(null)}
            >
              <span className="queue-grip" aria-hidden="true">
                ⋮⋮
              </span>
              <span className="queue-title">
                {item.title} <span className="queue-artist">{item.artist}</span>
              </span>
              <button
                type="button"
                className="queue-button"
                aria-label={`Move ${item.title} up`}
                disabled={index === 0}
                onClick={() => moveInQueue(index, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="queue-button"
                aria-label={`Move ${item.title} down`}
                disabled={index === queue.length - 1}
                onClick={() => moveInQueue(index, index + 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="queue-button"
                aria-label={`Remove ${item.title}`}
                onClick={() => removeFromQueue(index)}
              >
                ✕
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
