/**
 * A fork keeps its original's licence obligations: its licence may only change to one that honours
 * them. Shared by the server (PATCH /api/track/{id} refuses other changes) and the edit screen (it
 * offers only these). The rule is read from the fork's current licence, which starts as its original's;
 * each allowed step only adds obligations, so a chain of steps never sheds one.
 */
export type LicenseTypeName = "ALL_RIGHTS_RESERVED" | "CC_BY" | "CC_BY_SA" | "CC_BY_NC" | "CC_BY_NC_SA";

const HONOURING: Record<LicenseTypeName, readonly LicenseTypeName[]> = {
  ALL_RIGHTS_RESERVED: ["ALL_RIGHTS_RESERVED"],
  CC_BY_SA: ["CC_BY_SA"],
  CC_BY_NC_SA: ["CC_BY_NC_SA"],
  CC_BY_NC: ["CC_BY_NC", "CC_BY_NC_SA"],
  CC_BY: ["CC_BY", "CC_BY_SA", "CC_BY_NC", "CC_BY_NC_SA"],
};

/** Short names that tell the five apart (the licences' own names are all 'Creative Commons' but one). */
export const LICENSE_SHORT_NAMES: Record<LicenseTypeName, string> = {
  ALL_RIGHTS_RESERVED: "All Rights Reserved",
  CC_BY: "CC BY",
  CC_BY_SA: "CC BY-SA",
  CC_BY_NC: "CC BY-NC",
  CC_BY_NC_SA: "CC BY-NC-SA",
};

/** The licence types a fork now under `current` may take (its own included). */
export function forkLicenseOptions(current: LicenseTypeName): readonly LicenseTypeName[] {
  return HONOURING[current];
}

export function forkMayTake(current: LicenseTypeName, next: LicenseTypeName): boolean {
  return HONOURING[current].includes(next);
}
