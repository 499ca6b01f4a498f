import type { Executor } from "../../src/server/db/transaction";
import { badRequest, conflict, notFound } from "../../src/server/errors";
import { EARLY_ACCESS_FLAG } from "../../src/shared/validation";
import type { InviteCodeStatus } from "./model";
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
export async function ensureProductFlags(): Promise<void> {
  for (const flag of PRODUCT_FLAGS) await adminRepo.insertFlagIfAbsent(flag);
}

export function enabledFeatures(): Promise<string[]> {
  return adminRepo.enabledFlagNames();
}

export async function isFeatureEnabled(name: string): Promise<boolean> {
  return (await adminRepo.enabledFlagNames()).includes(name);
}

export function listFeatureFlags(): Promise<FeatureFlag[]> {
  return adminRepo.listFlags();
}

export async function createFeatureFlag(name: string, description: string | undefined): Promise<FeatureFlag> {
  if (await adminRepo.findFlagByName(name)) throw conflict(`A feature flag named ${name} already exists`);
  return adminRepo.insertFlag({ name, description: description ?? "" });
}

export async function setFeatureFlagEnabled(id: string, isEnabled: boolean): Promise<FeatureFlag> {
  const flag = await adminRepo.setFlagEnabled(id, isEnabled);
  if (!flag) throw notFound("Feature flag not found");
  return flag;
}

/**
 * What a code is now, by the conditions consumeInviteCode holds a signup to. A used-up or expired code reads so even
 * when also switched off: switching it on again would not make it admit anyone.
 */
export function inviteCodeStatus(code: InviteCode, now = new Date()): InviteCodeStatus {
  if (code.usedCount >= code.maxUses) return "USED_UP";
  if (code.expiresAt && code.expiresAt <= now) return "EXPIRED";
  return code.isActive ? "ACTIVE" : "INACTIVE";
}

export function listInviteCodes(): Promise<InviteCode[]> {
  return adminRepo.listInviteCodes();
}

export async function createInviteCode(input: {
  maxUses: number;
  expiresAt?: Date | null;
  reference?: string | null;
}): Promise<InviteCode> {
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

export async function setInviteCodeActive(id: string, isActive: boolean): Promise<InviteCode> {
  const code = await adminRepo.setInviteCodeActive(id, isActive);
  if (!code) throw notFound("Invite code not found");
  return code;
}

/** Consumes one use of a code; false when it is unknown, inactive, expired or used up. */
export function consumeInviteCode(code: string, executor?: Executor): Promise<boolean> {
  return adminRepo.consumeInviteCode(code.trim().toUpperCase(), new Date(), executor);
}
