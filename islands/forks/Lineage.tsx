import { Fragment, useEffect, useState } from "react";
import type { Lineage as LineageReply } from "../../modules/forks/model";
import { api, reply } from "../lib/api";
import { ArtistLink } from "../profiles/ArtistLink";

type Ancestor = LineageReply["ancestors"][number];

const UNAVAILABLE = "a track that is no longer available";
const BY_DELETED_USER = "a track by a deleted user";

function Link({ ancestor }: { ancestor: Ancestor }) {
  if (!ancestor.available) return <span className="fork-gone">{ancestor.ownerDeleted ? BY_DELETED_USER : UNAVAILABLE}</span>;
  return (
    <>
      <a href={`/track/${ancestor.id}`}>{ancestor.title}</a> by <ArtistLink username={ancestor.user.username} />
    </>
  );
}

/** "Forked from {title} by {username}", then the rest of the chain back to the root (GET /lineage). */
export function Lineage({ trackId }: { trackId: string }) {
  const [ancestors, setAncestors] = useState<Ancestor[] | null>(null);
  useEffect(() => {
    reply(api.track({ id: trackId }).lineage.get())
      .then((reply) => setAncestors(reply.ancestors))
      .catch(() => setAncestors([{ available: false }]));
  }, [trackId]);
  const [parent, ...earlier] = ancestors ?? [];
  if (!parent) return null;
  return (
    <p className="fork-lineage">
      Forked from <Link ancestor={parent} />
      {earlier.length > 0 && (
        <span className="fork-chain">
          {" "}
          (
          {earlier.map((ancestor, index) => (
            <Fragment key={ancestor.available ? ancestor.id : `gone-${index}`}>
              {index > 0 && ", "}
              {index === 0 ? "itself forked from " : "from "}
              <Link ancestor={ancestor} />
            </Fragment>
          ))}
          )
        </span>
      )}
    </p>
  );
}
