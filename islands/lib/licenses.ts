/**
 * Licence wording for islands (SPEC §9). The API names every Creative Commons licence just 'Creative
 * Commons', so pickers show a label made from the type, and cards link to the licence's public text.
 */

const CREATIVE_COMMONS_TERMS: Record<string, string> = {
  CC_BY: "Attribution",
  CC_BY_SA: "Attribution-ShareAlike",
  CC_BY_NC: "Attribution-NonCommercial",
  CC_BY_NC_SA: "Attribution-NonCommercial-ShareAlike",
};

/** CC_BY_NC_SA → 'by-nc-sa', the licence's short code; null for anything but a known CC type. */
function creativeCommonsCode(type: string | null | undefined): string | null {
  if (!type || !(type in CREATIVE_COMMONS_TERMS)) return null;
  return type.slice(3).toLowerCase().replace(/_/g, "-");
}

/** CC_BY_NC_SA → https://creativecommons.org/licenses/by-nc-sa/4.0/ ; null for All Rights Reserved. */
export function creativeCommonsUrl(type: string | null | undefined): string | null {
  const code = creativeCommonsCode(type);
  return code ? `https://creativecommons.org/licenses/${code}/4.0/` : null;
}

/** A label telling licences apart: 'Creative Commons Attribution-ShareAlike (CC BY-SA 4.0)', 'All Rights Reserved'. */
export function licenseLabel(license: { type: string; name: string }): string {
  if (license.type === "ALL_RIGHTS_RESERVED") return "All Rights Reserved";
  const code = creativeCommonsCode(license.type);
  if (!code) return license.name;
  return `Creative Commons ${CREATIVE_COMMONS_TERMS[license.type]} (CC ${code.toUpperCase()} 4.0)`;
}

/** What an attribution names: 'CC BY-SA 4.0', 'All Rights Reserved'; null when the licence is unknown. */
export function licenseShortLabel(type: string | null | undefined): string | null {
  if (type === "ALL_RIGHTS_RESERVED") return "All Rights Reserved";
  const code = creativeCommonsCode(type);
  return code ? `CC ${code.toUpperCase()} 4.0` : null;
}
