import { type FormEvent, useState } from "react";
import { emailError } from "../../src/shared/validation";
import { Field } from "../form/Field";
import { FormError, useSubmit } from "../form/use-submit";
import { useValidatedFields } from "../form/use-validated-fields";
import { api, reply } from "../lib/api";
import { ErrorView } from "../ui/ErrorView";
import { Loading } from "../ui/Loading";
import { useInviteRequired } from "./use-invite-required";

/**
 * /request-early-access: leaves an e-mail address for the admins while registration needs an
 * invite code. Once sent, the page says so and the button stays disabled.
 */
export default function EarlyAccessForm() {
  const requirement = useInviteRequired();
  const { values, bind, validateAll } = useValidatedFields({ email: "" }, { email: emailError });
  const [sent, setSent] = useState(false);
  // Once sent the form is done: the button stays disabled (SPEC §4).
  const { submitting, formError, run } = useSubmit({ staysBusyOnSuccess: true });

  if (requirement.status === "loading") return <Loading />;
  if (requirement.status === "error") return <ErrorView message={requirement.message} onRetry={requirement.retry} />;
  if (!requirement.inviteRequired) {
    return (
      <p className="auth-lead">
        Registration is open to everyone right now, no invite code needed. <a href="/register">Create your account</a>
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      validateAll,
      async () => {
        await reply(api.auth["request-early-access"].post({ email: values.email.trim() }));
        setSent(true);
      },
      "Failed to request early access",
    );
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Request Early Access">
      <p className="auth-lead">
        Registration is invite-only for now. Leave your e-mail address and an admin will send you an invite code.
      </p>
      <Field label="Email" type="email" autoComplete="email" readOnly={sent} {...bind("email")} />
      <FormError message={formError} />
      {sent && (
        <p className="form-success" role="status">
          Thanks! Your request for {values.email.trim()} has been received. An admin will send you an invite code.
        </p>
      )}
      <button type="submit" className="button" disabled={submitting}>
        {sent ? "Request Sent" : submitting ? "Sending..." : "Request Early Access"}
      </button>
      <p className="form-footer">
        Already have an invite code? <a href="/register">Register</a>
      </p>
    </form>
  );
}
