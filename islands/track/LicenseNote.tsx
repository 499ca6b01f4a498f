import { useEffect, useState } from "react";
import { api, reply } from "../lib/api";
import { $auth } from "../lib/auth";
import { creativeCommonsUrl, licenseShortLabel } from "../lib/licenses";
import { useIslandStore } from "../lib/use-island-store";

/**
 * The track page's licence: its icon, name and, for Creative Commons, a link to the licence's text (SPEC §9), which
 * the kept public page renders the same for everyone. What it means is read once hydrated: the owner reads the
 * licence's full description, everyone else its usage description (SPEC §6).
 */
export default function LicenseNote({
  licenseId,
  licenseType,
  ownerId,
}: {
  licenseId: string;
  licenseType: string | null;
  ownerId: string;
}) {
  const auth = useIslandStore($auth);
  const [meaning, setMeaning] = useState<{ description: string; usageDescription: string } | null>(null);
  useEffect(() => {
    reply(api.licenses({ id: encodeURIComponent(licenseId) }).get()).then(setMeaning, (error) =>
      console.warn("Failed to load the licence", error),
    );
  }, [licenseId]);
  const isOwner = auth.status === "signed-in" && auth.user.id === ownerId;
  const url = creativeCommonsUrl(licenseType);
  const name = licenseShortLabel(licenseType) ?? "License";
  return (
    <section className="license-note" aria-label="License">
      <p className="license-name">
        <span className="license-symbol" aria-hidden="true">
          {licenseType === "ALL_RIGHTS_RESERVED" ? "©" : "CC"}
        </span>{" "}
        {url ? (
          <a href={url} target="_blank" rel="license noopener noreferrer">
            {name}
          </a>
        ) : (
          name
        )}
      </p>
      {meaning && auth.status !== "unknown" && (
        <p className="license-meaning">{isOwner ? meaning.description : meaning.usageDescription}</p>
      )}
    </section>
  );
}
