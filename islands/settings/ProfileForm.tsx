import { type FormEvent, useEffect, useState } from "react";
import type { Profile } from "../../modules/auth/model";
import { BIO_MAX, DISPLAY_NAME_MAX, displayNameError, usernameError } from "../../src/shared/validation";
import { Field, fieldId } from "../form/Field";
import { FormError, useSubmit } from "../form/use-submit";
import { useValidatedFields } from "../form/use-validated-fields";
import { api, fresh, reply } from "../lib/api";
import { signIn } from "../lib/auth";
import { Loading } from "../ui/Loading";
import { AvatarField } from "./AvatarField";

/**
 * Settings › Profile: the avatar (saved as soon as it is chosen), then the username, display name and bio, loaded
 * from GET /api/auth/me and saved with PATCH; a new username shows in the header at once.
 */
export function ProfileForm() {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    reply(api.auth.me.get(fresh()))
      .then(setProfile)
      .catch((error: Error) => setLoadError(`Error: ${error.message}`));
  }, []);
  if (loadError) return <FormError message={loadError} />;
  if (!profile) return <Loading />;
  return (
    <>
      <AvatarField profile={profile} onChange={setProfile} />
      <ProfileFields profile={profile} />
    </>
  );
}

function ProfileFields({ profile }: { profile: Profile }) {
  const { values, bind, validateAll } = useValidatedFields(
    { username: profile.username, displayName: profile.displayName ?? "" },
    { username: (username) => usernameError(username.trim()), displayName: displayNameError },
  );
  const [bio, setBio] = useState(profile.bio);
  const { submitting, formError, run } = useSubmit();
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    await run(
      validateAll,
      async () => {
        const saved = await reply(api.auth.me.patch({ username: values.username, displayName: values.displayName, bio }));
        signIn({ id: saved.id, email: saved.email, username: saved.username, role: saved.role });
        setSaved(true);
      },
      "Failed to save the profile",
    );
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Profile">
      <Field
        label="Username"
        autoComplete="username"
        hint="Letters, numbers, underscores and hyphens; your old username is free for others once you change it"
        {...bind("username")}
      />
      <Field
        label="Display name"
        autoComplete="name"
        maxLength={DISPLAY_NAME_MAX}
        hint="Shown instead of your username; leave it empty to use that"
        {...bind("displayName")}
      />
      <div className="field">
        <label htmlFor={fieldId("bio")}>Bio</label>
        <textarea
          id={fieldId("bio")}
          rows={4}
          maxLength={BIO_MAX}
          aria-describedby={`${fieldId("bio")}-note`}
          value={bio}
          onChange={(event) => setBio(event.target.value)}
        />
        <p id={`${fieldId("bio")}-note`} className="field-hint">
          {bio.length}/{BIO_MAX} characters, plain text
        </p>
      </div>
      <FormError message={formError} />
      {saved && (
        <p className="form-success" role="status">
          Your profile has been saved.
        </p>
      )}
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? "Saving..." : "Save profile"}
      </button>
    </form>
  );
}
