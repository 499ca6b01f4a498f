import type { ReactNode } from "react";
import { PageGuard } from "./PageGuard";

/** A page section for signed-in users (or admins) only; used by Astro pages around their islands. */
export default function Guarded({ require = "user", children }: { require?: "user" | "admin"; children?: ReactNode }) {
  return <PageGuard require={require}>{children}</PageGuard>;
}
