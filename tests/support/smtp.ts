import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll } from "vitest";
import { resetEnvCache } from "~/services/env.server";
import { resetMailTransport } from "~/services/mail.server";

/** How a test's SMTP server misbehaves; each hook is asked anew for every mail. */
export type SmtpHooks = {
  /** Before MAIL FROM is answered: an Error refuses it (see `refusal`), "hang" never answers. */
  mailFrom?: () => Error | "hang" | undefined;
  /** A received message: "hide" keeps it out of `mails` unanswered, "hang" keeps it unanswered. */
  message?: (m: ParsedMail) => "hide" | "hang" | undefined;
};

/** A temporary refusal (451) or another SMTP answer, as the sender sees it. */
export const refusal = (responseCode = 451, text = "Try again later") =>
  Object.assign(new Error(text), { responseCode });

/**
 * A real SMTP server on 127.0.0.1 for this test file; SMTP_URL points at it. Messages are parsed
 * with mailparser. `hooks` make it refuse or hang (a sender killed mid-send, an SMTP server away).
 */
export async function useSmtpServer(
  hooks: SmtpHooks = {},
): Promise<{ mails: ParsedMail[]; url: string }> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      const answer = hooks.mailFrom?.();
      if (answer === "hang") return;
      callback(answer ?? undefined);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          const answer = hooks.message?.(m);
          if (answer !== "hide") mails.push(m);
          if (!answer) callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  const url = `smtp://127.0.0.1:${port}`;
  process.env.SMTP_URL = url;
  resetEnvCache();
  resetMailTransport();
  afterAll(async () => {
    resetMailTransport();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { mails, url };
}
