import { notFound } from "../../src/server/errors";
import { licensesRepo } from "./repo";
import type { License } from "./schema";

export type { License };

export function listLicenses(): License[] {
  return licensesRepo.list();
}

export function getLicense(id: string): License {
  const license = licensesRepo.findById(id);
  if (!license) throw notFound("License not found");
  return license;
}

export function licenseExists(id: string): boolean {
  return licensesRepo.findById(id) !== undefined;
}
