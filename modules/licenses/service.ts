import { notFound } from "../../src/server/errors";
import { licensesRepo } from "./repo";
import type { License } from "./schema";

export type { License };

export function listLicenses(): Promise<License[]> {
  return licensesRepo.list();
}

export async function getLicense(id: string): Promise<License> {
  const license = await licensesRepo.findById(id);
  if (!license) throw notFound("License not found");
  return license;
}

export async function licenseExists(id: string): Promise<boolean> {
  return (await licensesRepo.findById(id)) !== undefined;
}
