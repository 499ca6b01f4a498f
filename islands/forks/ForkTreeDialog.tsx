import { useEffect, useState } from "react";
import type { ForkTree } from "../../modules/forks/model";
import { api, reply } from "../lib/api";
import { playItemsOf } from "../tracks/play-items";
import { Loading } from "../ui/Loading";
import { Modal } from "./Modal";

type TreeTrack = ForkTree["original"];
type TreeFork = ForkTree["forks"][number];

/** Past this depth branches stop stepping in, so a long chain stays readable on a phone. */
const MAX_INDENTED_DEPTH = 6;

/**
 * The forks drawn under each track, by the track's id: each under its parent, or under its nearest listed ancestor
 * when the parent is hidden from the viewer (`listedParentId`); siblings oldest first, ties by id, so the order
 * never changes between openings.
 */
function forksUnder(tree: ForkTree): Map<string, TreeFork[]> {
  const under = new Map<string, TreeFork[]>();
  for (const fork of tree.forks) under.set(fork.listedParentId, [...(under.get(fork.listedParentId) ?? []), fork]);
  for (const siblings of under.values()) {
    siblings.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }
  return under;
}

/** The forks the viewer may not list, counted: the page's fork count includes them. */
const privateForks = (count: number) =>
  count === 1 ? "1 private fork, visible only to its owner" : `${count} private forks, visible only to their owners`;

function Entry({ track }: { track: TreeTrack | TreeFork }) {
  const parentHidden = "listedParentId" in track && track.listedParentId !== track.forkedFromId;
  return (
    <>
      <a href={`/track/${track.id}`}>{track.title}</a> <span className="fork-meta">by {track.user.username}</span>
      {!track.isPublic && <span className="fork-badge">Private</span>}
      <span className="fork-meta"> · {new Date(track.createdAt).toLocaleDateString()}</span>
      {parentHidden && <span className="fork-meta"> · forked from a fork that is private or deleted</span>}
    </>
  );
}

/** A track and, nested beneath it, the forks drawn under it (a nested list: screen readers announce each level). */
function Branch({ track, under, depth }: { track: TreeTrack | TreeFork; under: Map<string, TreeFork[]>; depth: number }) {
  const forks = under.get(track.id) ?? [];
  return (
    <li>
      <Entry track={track} />
      {forks.length > 0 && (
        <ul className={depth < MAX_INDENTED_DEPTH ? "fork-branch" : "fork-branch fork-branch-flat"}>
          {forks.map((fork) => (
            <Branch key={fork.id} track={fork} under={under} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** How many forks' details are read at a time for the queue. */
const FORKS_READ_AT_ONCE = 5;

/**
 * "Play all" of a fork tree (issue 40 B): its forks in the tree's order, each read (GET /api/track/{id}) as the queue
 * reaches it, since the tree carries no audio; one still processing, or gone meanwhile, is passed over.
 */
function playForks(tree: ForkTree): void {
  const waiting = tree.forks.map((fork) => fork.id);
  const read = async () => {
    while (waiting.length > 0) {
      const ids = waiting.splice(0, FORKS_READ_AT_ONCE);
      const details = await Promise.all(ids.map((id) => reply(api.track({ id }).get()).catch(() => null)));
      const items = playItemsOf(details.flatMap((track) => (track ? [track] : [])));
      if (items.length > 0) return items;
    }
    return [];
  };
  void Promise.all([read(), import("../player/playback")]).then(([first, playback]) =>
    playback.playAll(first, { label: `Forks of ${tree.original.title}`, more: waiting.length ? read : null }),
  );
}

/** SPEC §2 fork tree modal: GET /api/track/{id}/forks, the original first and each fork nested under its parent. */
export function ForkTreeDialog({ trackId, onClose }: { trackId: string; onClose: () => void }) {
  const [tree, setTree] = useState<ForkTree | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    reply(api.track({ id: trackId }).forks.get())
      .then(setTree)
      .catch((failure) => setError(failure instanceof Error ? failure.message : String(failure)));
  }, [trackId]);
  return (
    <Modal title="Forks" onClose={onClose}>
      {error && <p className="form-error">Error loading forks: {error}</p>}
      {!error && !tree && <Loading />}
      {tree && (
        <ul className="fork-tree" aria-label="Fork tree">
          <Branch track={tree.original} under={forksUnder(tree)} depth={0} />
        </ul>
      )}
      {tree && tree.total === 0 && tree.privateCount === 0 && <p className="fork-empty">No public forks found.</p>}
      {tree && tree.privateCount > 0 && <p className="fork-empty">{privateForks(tree.privateCount)}</p>}
      <div className="dialog-actions">
        {tree && tree.forks.length > 0 && (
          <button type="button" className="button" onClick={() => playForks(tree)}>
            Play all
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
