import { type FormEvent, useState } from "react";
import { emailError } from "../../src/shared/validation";
import { Field } from "../form/Field";
import { submitErrorMessage } from "../form/submit-error";
import { useValidatedFields } from "../form/use-validated-fields";
import { api } from "../lib/api";
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
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [formError, setFormError] = useState<string | null>(null);

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
    setFormError(null);
    if (!validateAll()) return;
    setState("sending");
    try {
      await api.post("/auth/request-early-access", { email: values.email.trim() });
      setState("sent");
    } catch (error) {
      setFormError(submitErrorMessage(error));
      setState("idle");
    }
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Request Early Access">
      <p className="auth-lead">
        Registration is invite-only for now. Leave your e-mail address and an admin will send you an invite code.
      </p>
      <Field label="Email" type="email" autoComplete="email" readOnly={state === "sent"} {...bind("email")} />
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      {state === "sent" && (
        <p className="form-success" role="status">
          Thanks! Your request for {values.email.trim()} has been received. An admin will send you an invite code.
        </p>
      )}
      <button type="submit" className="button" disabled={state !== "idle"}>
        {state === "sent" ? "Request Sent" : state === "sending" ? "Sending..." : "Request Early Access"}
      </button>
      <p className="form-footer">
        Already have an invite code? <a href="/register">Register</a>
      </p>
    </form>
  );
}
