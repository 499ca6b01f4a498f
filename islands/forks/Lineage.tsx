import { Fragment, useEffect, useState } from "react";
import type { Lineage as LineageReply } from "../../modules/forks/model";
import { api, reply } from "../lib/api";
import { licenseShortLabel } from "../lib/licenses";
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

type Credited = Extract<Ancestor, { available: true }>;

/**
 * The attribution a licence asks for, for the whole chain: "Based on 'Undertow' by alice, CC BY-SA 4.0, itself based
 * on …". Kept in the page only while the whole chain is public, and the kept page is made again once any ancestor
 * changes (src/server/cache/public-pages.ts), so a renamed or relicensed ancestor (or one gone private) shows as it is now.
 */
function Attribution({ ancestors }: { ancestors: Credited[] }) {
  if (!ancestors.length) return null;
  return (
    <p className="fork-attribution">
      {ancestors.map((ancestor, index) => {
        const license = licenseShortLabel(ancestor.licenseType);
        return (
          <Fragment key={ancestor.id}>
            {index === 0 ? "Based on " : ", itself based on "}'{ancestor.title}' by {ancestor.user.username}
            {license && `, ${license}`}
          </Fragment>
        );
      })}
    </p>
  );
}

/**
 * "Forked from {title} by {username}", then the rest of the chain back to the root, and the attribution: rendered on
 * the server when the whole chain is public (the track page), else by Lineage with the viewer's session.
 */
export function LineageView({ ancestors }: { ancestors: Ancestor[] }) {
  const [parent, ...earlier] = ancestors;
  if (!parent) return null;
  return (
    <>
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
      <Attribution ancestors={ancestors.filter((ancestor): ancestor is Credited => ancestor.available)} />
    </>
  );
}

/** A fork's lineage as the viewer may see it (GET /lineage), read once the page has opened. */
export function Lineage({ trackId }: { trackId: string }) {
  const [ancestors, setAncestors] = useState<Ancestor[] | null>(null);
  useEffect(() => {
    reply(api.track({ id: trackId }).lineage.get())
      .then((reply) => setAncestors(reply.ancestors))
      .catch(() => setAncestors([{ available: false }]));
  }, [trackId]);
  return ancestors && <LineageView ancestors={ancestors} />;
}
