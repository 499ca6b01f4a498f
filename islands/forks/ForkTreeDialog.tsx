import { useEffect, useState } from "react";
import type { ForkTree } from "../../modules/forks/model";
import { api, reply } from "../lib/api";
import { Loading } from "../ui/Loading";
import { Modal } from "./Modal";

type TreeTrack = ForkTree["original"];

/** Each fork's depth under the tree's original (a fork under a hidden one sits under its nearest listed ancestor). */
function depths(tree: ForkTree): Map<string, number> {
  const depth = new Map([[tree.original.id, 0]]);
  for (const fork of tree.forks) depth.set(fork.id, (depth.get(fork.forkedFromId) ?? 0) + 1);
  return depth;
}

/** The forks the viewer may not list, counted: the page's fork count includes them. */
const privateForks = (count: number) =>
  count === 1 ? "1 private fork, visible only to its owner" : `${count} private forks, visible only to their owners`;

function Entry({ track, depth }: { track: TreeTrack; depth: number }) {
  return (
    <li style={{ paddingInlineStart: `${Math.min(depth, 6) * 1.25}rem` }}>
      <a href={`/track/${track.id}`}>{track.title}</a> <span className="fork-meta">by {track.user.username}</span>
      {!track.isPublic && <span className="fork-badge">Private</span>}
      <span className="fork-meta"> · {new Date(track.createdAt).toLocaleDateString()}</span>
    </li>
  );
}

/** SPEC §2 fork tree modal: GET /api/track/{id}/forks, the original first and its forks beneath it. */
export function ForkTreeDialog({ trackId, onClose }: { trackId: string; onClose: () => void }) {
  const [tree, setTree] = useState<ForkTree | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    reply(api.track({ id: trackId }).forks.get())
      .then(setTree)
      .catch((failure) => setError(failure instanceof Error ? failure.message : String(failure)));
  }, [trackId]);
  const depth = tree ? depths(tree) : new Map<string, number>();
  return (
    <Modal title="Forks" onClose={onClose}>
      {error && <p className="form-error">Error loading forks: {error}</p>}
      {!error && !tree && <Loading />}
      {tree && (
        <ul className="fork-tree">
          <Entry track={tree.original} depth={0} />
          {tree.forks.map((fork) => (
            <Entry key={fork.id} track={fork} depth={depth.get(fork.id) ?? 1} />
          ))}
        </ul>
      )}
      {tree && tree.total === 0 && tree.privateCount === 0 && <p className="fork-empty">No public forks found.</p>}
      {tree && tree.privateCount > 0 && <p className="fork-empty">{privateForks(tree.privateCount)}</p>}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
