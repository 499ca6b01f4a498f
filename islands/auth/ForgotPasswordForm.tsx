import { type FormEvent, useState } from "react";
import { emailError } from "../../src/shared/validation";
import { Field } from "../form/Field";
import { FormError, useSubmit } from "../form/use-submit";
import { useValidatedFields } from "../form/use-validated-fields";
import { api, reply } from "../lib/api";

/**
 * /forgot-password: asks for a reset link for an address (POST /api/auth/password-reset/request). The answer is the
 * same whether the address has an account or not, so the page says what happens in either case. The way back to
 * login is the page's own link, below the form and below this answer alike.
 */
export default function ForgotPasswordForm() {
  const { values, bind, validateAll } = useValidatedFields({ email: "" }, { email: emailError });
  const { submitting, formError, run } = useSubmit({ staysBusyOnSuccess: true });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      validateAll,
      async () => {
        await reply(api.auth["password-reset"].request.post({ email: values.email.trim() }));
        setSentTo(values.email.trim());
      },
      "Failed to request a reset link",
    );
  };

  if (sentTo)
    return (
      <div className="form" role="status">
        <p>
          If an account uses {sentTo}, a reset link is on its way: by e-mail when this Stemma sends e-mail, otherwise from your
          administrator, who has been told. The link works once, for an hour.
        </p>
      </div>
    );
  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Request a reset link">
      <Field label="Email" type="email" autoComplete="email" {...bind("email")} />
      <FormError message={formError} />
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? "Sending..." : "Send reset link"}
      </button>
    </form>
  );
}
