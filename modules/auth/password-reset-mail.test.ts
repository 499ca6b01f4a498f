/**
 * With SMTP_URL, a reset request mails the account's owner a link, through a real SMTP server on loopback (the npm
 * smtp-server, which this project did not write): the link in the mail sets a new password once; an address without
 * an account gets no mail; nothing of the link reaches the server's log. (Bad SMTP settings: src/server/config.test.ts.)
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";

interface Received {
  from: string;
  to: string[];
  raw: string;
}
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, done) {
    let raw = "";
    stream.on("data", (chunk: Buffer) => {
      raw += chunk.toString();
    });
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        raw,
      });
      done();
    });
  },
});
await new Promise<void>((listening) => smtp.listen(0, "127.0.0.1", listening));
const smtpPort = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((closed) => smtp.close(closed)));

const live = setUpServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SMTP_FROM: "Stemma <no-reply@stemma.test>" } });
let user: Session;

beforeAll(async () => {
  await signUp(live.server); // the admin
  user = await signUp(live.server);
});

/** A mail's text with quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function mailTo(address: string): Promise<Received | undefined> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = received.find((candidate) => candidate.to.includes(address));
    if (mail) return mail;
    await Bun.sleep(50);
  }
  return undefined;
}

test("the account's owner gets a mail with a link that sets a new password once", async () => {
  const asked = await call(live.server, "POST", "/auth/password-reset/request", { body: { email: user.user.email } });
  expect([asked.status, asked.body]).toEqual([200, { success: true }]);
  const mail = await mailTo(user.user.email);
  expect(mail?.from).toBe("no-reply@stemma.test");
  const text = decoded(mail?.raw ?? "");
  expect(text).toContain("Subject: Reset your Stemma password");
  expect(text).toContain(`Hello ${user.user.username},`);
  const token = text.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1] as string;
  expect(token).toBeTruthy();

  const reset = () => call(live.server, "POST", "/auth/password-reset", { body: { token, password: "MailedSecret1" } });
  expect((await reset()).status).toBe(200);
  expect((await reset()).status).toBe(400);
  const login = await call(live.server, "POST", "/auth/login", { body: { email: user.user.email, password: "MailedSecret1" } });
  expect(login.status).toBe(200);
  expect(live.server.output()).not.toContain(token);
});

test("an address without an account gets the same answer and no mail", async () => {
  const before = received.length;
  const asked = await call(live.server, "POST", "/auth/password-reset/request", { body: { email: "stranger@example.com" } });
  expect([asked.status, asked.body]).toEqual([200, { success: true }]);
  await Bun.sleep(500);
  expect(received.slice(before).map((mail) => mail.to)).toEqual([]);
});
