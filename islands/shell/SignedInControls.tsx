import type { User } from "../../modules/auth/model";
import { HeldUntilReady } from "../ui/HeldUntilReady";
import { NotificationBell } from "./NotificationBell";
import { UserMenu } from "./UserMenu";

/** The top bar's end for a signed-in user: the bell and the user menu, one chunk the top bar loads once signed in. */
export default function SignedInControls({ user }: { user: User }) {
  return (
    <HeldUntilReady>
      <NotificationBell />
      <UserMenu user={user} />
    </HeldUntilReady>
  );
}
