import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll } from "vitest";
import { resetEnvCache } from "~/services/env.server";
import { resetMailTransport } from "~/services/mail.server";

/** A real SMTP server on 127.0.0.1 for this test file; SMTP_URL points at it. Messages are parsed with mailparser. */
export async function useSmtpServer(): Promise<{ mails: ParsedMail[]; url: string }> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          mails.push(m);
          callback();
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
