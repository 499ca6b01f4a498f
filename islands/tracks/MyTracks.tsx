import { MyAlbums } from "../albums/MyAlbums";
import { $auth } from "../lib/auth";
import { useIslandStore } from "../lib/use-island-store";
import { Loading } from "../ui/Loading";
import { TrackList } from "./TrackList";

const TABS = {
  authored: { label: "My Tracks", href: "/my-tracks/authored", path: "/tracks" },
  shared: { label: "Shared With Me", href: "/my-tracks/shared", path: "/tracks/shared" },
  albums: { label: "My Albums", href: "/my-tracks/albums", path: null },
} as const;
export type MyTracksTab = keyof typeof TABS;

/**
 * /my-tracks/{authored|shared|albums} (SPEC §2): own tracks with selection and batch delete, tracks shared with me, or
 * my albums (issue 41).
 */
export default function MyTracks({ tab }: { tab: MyTracksTab }) {
  const auth = useIslandStore($auth);
  if (auth.status === "unknown") return <Loading />;
  if (auth.status === "anonymous") return <p className="notice">Please log in to view your tracks</p>;
  return (
    <>
      <h1>{TABS[tab].label}</h1>
      <nav className="tabs" aria-label="My tracks">
        {(Object.keys(TABS) as MyTracksTab[]).map((name) => (
          <a key={name} href={TABS[name].href} className="tab" aria-current={name === tab ? "page" : undefined}>
            {TABS[name].label}
          </a>
        ))}
      </nav>
      {tab === "albums" ? (
        <MyAlbums />
      ) : (
        <TrackList path={TABS[tab].path} viewerId={auth.user.id} selectable={tab === "authored"} />
      )}
    </>
  );
}
