import { badRequest } from "../../src/server/errors";
import { forkLicenseOptions, forkMayTake, LICENSE_SHORT_NAMES } from "../../src/shared/license-lineage";
import { getLicense } from "../licenses/service";
import type { Track } from "./schema";

/**
 * PATCH /api/track/{id} on a fork: a licence change must honour the fork's current licence
 * (src/shared/license-lineage.ts). A 400 names the licences it may take.
 */
export async function checkForkLicense(track: Track, nextLicenseId: string): Promise<void> {
  if (!track.isFork || nextLicenseId === track.licenseId) return;
  const current = await getLicense(track.licenseId);
  if (forkMayTake(current.type, (await getLicense(nextLicenseId)).type)) return;
  const names = forkLicenseOptions(current.type).map((type) => LICENSE_SHORT_NAMES[type]);
  throw badRequest(`A fork keeps its original's license obligations: this fork can only be licensed ${names.join(" or ")}`);
}
