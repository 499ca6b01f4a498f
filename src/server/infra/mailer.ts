import type { Transporter } from "nodemailer";
import { config } from "../config";

/** A plain-text mail to one address. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

let transport: Transporter | null = null;

/** Whether this server sends mail (SMTP_URL is set). */
export const sendsMail = () => config().smtpUrl !== null;

/**
 * Sends `mail` through SMTP_URL: the one place that speaks to a mail server. nodemailer logs nothing unless asked, so
 * what a mail carries (a reset link's token) never reaches a log.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const { smtpUrl, smtpFrom } = config();
  if (!smtpUrl) throw new Error("SMTP_URL is not set");
  // Loaded on first use: a server without SMTP_URL never holds the library in memory.
  transport ??= (await import("nodemailer")).createTransport(smtpUrl);
  await transport.sendMail({ from: smtpFrom, ...mail });
}
