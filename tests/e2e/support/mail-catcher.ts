import fs from "node:fs/promises";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * The browser tests' mailbox: a real SMTP server (started by global-setup, the app's SMTP_URL)
 * writing each message as an .eml file into one folder, which test files read back.
 */
export async function startMailCatcher(
  dir: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  await fs.mkdir(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const file = path.join(dir, `${Date.now()}-${String(++n).padStart(5, "0")}.eml`);
        fs.writeFile(file, Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
