import { badRequest, conflict, notFound } from "../../src/server/errors";
import { EARLY_ACCESS_FLAG } from "../../src/shared/validation";
import { adminRepo } from "./repo";
import type { FeatureFlag, InviteCode } from "./schema";

export type { FeatureFlag as FeatureFlagRow, InviteCode as InviteCodeRow };

/** Invite codes are 10 characters from an alphabet without look-alikes (0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
function newInviteCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/**
 * The flags the product reads. Each exists from the first boot, disabled, so an admin finds it on the
 * Feature Flags screen instead of having to know and type its exact name.
 */
const PRODUCT_FLAGS = [
  { name: EARLY_ACCESS_FLAG, description: "Registration needs an invite code; visitors may request early access." },
];

/** Creates the product's flags that do not exist yet; existing ones (and their state) are left alone. */
export function ensureProductFlags(): void {
  for (const flag of PRODUCT_FLAGS) adminRepo.insertFlagIfAbsent(flag);
}

export function enabledFeatures(): string[] {
  return adminRepo.enabledFlagNames();
}

export function isFeatureEnabled(name: string): boolean {
  return adminRepo.enabledFlagNames().includes(name);
}

export function listFeatureFlags(): FeatureFlag[] {
  return adminRepo.listFlags();
}

export function createFeatureFlag(name: string, description: string | undefined): FeatureFlag {
  if (adminRepo.findFlagByName(name)) throw conflict(`A feature flag named ${name} already exists`);
  return adminRepo.insertFlag({ name, description: description ?? "" });
}

export function setFeatureFlagEnabled(id: string, isEnabled: boolean): FeatureFlag {
  const flag = adminRepo.setFlagEnabled(id, isEnabled);
  if (!flag) throw notFound("Feature flag not found");
  return flag;
}

export function listInviteCodes(): InviteCode[] {
  return adminRepo.listInviteCodes();
}

export function createInviteCode(input: { maxUses: number; expiresAt?: Date | null; reference?: string | null }): InviteCode {
  // A code that is born expired could never be used: refuse it rather than store a dead code.
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw badRequest("Expires At must be in the future");
  const reference = input.reference?.trim() || null;
  return adminRepo.insertInviteCode({
    code: newInviteCode(),
    maxUses: input.maxUses,
    expiresAt: input.expiresAt ?? null,
    reference,
  });
}

export function setInviteCodeActive(id: string, isActive: boolean): InviteCode {
  const code = adminRepo.setInviteCodeActive(id, isActive);
  if (!code) throw notFound("Invite code not found");
  return code;
}

/** Consumes one use of a code; false when it is unknown, inactive, expired or used up. */
export function consumeInviteCode(code: string): boolean {
  return adminRepo.consumeInviteCode(code.trim().toUpperCase(), new Date());
}
