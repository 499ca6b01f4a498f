import { type ChangeEvent, useState } from "react";
import type { Profile } from "../../modules/auth/model";
import { FormError, useSubmit } from "../form/use-submit";
import { api, reply, sendForm } from "../lib/api";
import { showAvatar } from "../lib/avatar";

/** What the file picker offers: the formats the server takes (it checks the bytes, not this). */
const ACCEPTED = "image/jpeg,image/png,image/webp";

/**
 * Settings › Profile's avatar: the current one (or the username's first letter), a picker that uploads the chosen
 * image at once (PUT /api/auth/me/avatar), and Remove; the top bar follows. `version` changes the image's address after each change, so
 * the page shows the new one without waiting for the browser to revalidate.
 */
export function AvatarField({ profile, onChange }: { profile: Profile; onChange: (profile: Profile) => void }) {
  const { submitting, formError, run } = useSubmit();
  const [version, setVersion] = useState(0);
  const [done, setDone] = useState<string | null>(null);

  const save = (action: () => Promise<Profile>, message: string) =>
    run(
      () => true,
      async () => {
        setDone(null);
        const profile = await action();
        onChange(profile);
        showAvatar(profile.avatarUrl);
        setVersion((current) => current + 1);
        setDone(message);
      },
      "Failed to change the avatar",
    );

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const image = event.target.files?.[0];
    event.target.value = "";
    if (!image) return;
    const form = new FormData();
    form.set("avatar", image);
    await save(() => sendForm(api.auth.me.avatar.put, form), "Your avatar has been updated.");
  };

  return (
    <div className="avatar-field">
      <span className="avatar-title">Avatar</span>
      <div className="avatar-row">
        {profile.avatarUrl ? (
          <img className="avatar" src={`${profile.avatarUrl}?size=large&v=${version}`} alt="Your avatar" width={96} height={96} />
        ) : (
          <span className="avatar avatar-empty" aria-hidden="true">
            {profile.username.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="avatar-actions">
          <label className="button button-secondary">
            {submitting ? "Saving..." : profile.avatarUrl ? "Change avatar" : "Choose avatar"}
            <input
              type="file"
              accept={ACCEPTED}
              className="visually-hidden"
              aria-describedby="avatar-note"
              disabled={submitting}
              onChange={choose}
            />
          </label>
          {profile.avatarUrl && (
            <button
              type="button"
              className="button button-secondary"
              disabled={submitting}
              onClick={() => save(() => reply(api.auth.me.avatar.delete()), "Your avatar has been removed.")}
            >
              Remove avatar
            </button>
          )}
        </div>
      </div>
      <p id="avatar-note" className="field-hint">
        JPEG, PNG or WebP, at most 10 MB; shown square.
      </p>
      <FormError message={formError} />
      {done && (
        <p className="form-success" role="status">
          {done}
        </p>
      )}
    </div>
  );
}
