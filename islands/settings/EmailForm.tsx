import { type FormEvent, useState } from "react";
import { emailError, loginPasswordError } from "../../src/shared/validation";
import { Field } from "../form/Field";
import { FormError, useSubmit } from "../form/use-submit";
import { useValidatedFields } from "../form/use-validated-fields";
import { api, reply } from "../lib/api";
import { signIn } from "../lib/auth";

/** Settings › Email: a new address, confirmed with the current password; the account shows it at once. */
export function EmailForm() {
  const { values, bind, validateAll } = useValidatedFields(
    { newEmail: "", emailPassword: "" },
    { newEmail: emailError, emailPassword: loginPasswordError },
  );
  const { submitting, formError, run } = useSubmit();
  const [changedTo, setChangedTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChangedTo(null);
    await run(
      validateAll,
      async () => {
        const user = await reply(api.auth.me.patch({ email: values.newEmail, currentPassword: values.emailPassword }));
        signIn(user);
        setChangedTo(user.email);
      },
      "Failed to change the email address",
    );
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Change email">
      <Field label="New email" type="email" autoComplete="email" {...bind("newEmail")} />
      <Field label="Current password" type="password" autoComplete="current-password" {...bind("emailPassword")} />
      <FormError message={formError} />
      {changedTo && (
        <p className="form-success" role="status">
          Your email address is now {changedTo}.
        </p>
      )}
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? "Changing..." : "Change email"}
      </button>
    </form>
  );
}
