import { execFileSync } from "node:child_process";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Issue 37, one outbox: the project's lint configuration refuses sendMail (and nodemailer)
 * anywhere in app/ and server/ but the outbox worker, the report sender and the mail service.
 */
const eslint = new ESLint();
const RULE = "tracksmith/one-mail-sender";
const problems = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath }))[0]!.messages
    .filter((m) => m.ruleId === RULE)
    .map((m) => m.line);

describe("the one-mail-sender lint rule", () => {
  it("refuses sendMail imported, re-exported or loaded, and nodemailer, outside the senders", async () => {
    const code = [
      'import { sendMail } from "~/services/mail.server";',
      'import * as mail from "../../services/mail.server";',
      'import { sendMail as send } from "~/services/mail.server.ts";',
      'export { sendMail } from "~/services/mail.server";',
      'export const later = () => import("~/services/mail.server");',
      'import nodemailer from "nodemailer";',
      "export const all = [sendMail, mail, send, nodemailer];",
    ].join("\n");
    expect(await problems(code, "app/modules/notifications/alert-email.server.ts")).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect(await problems(code, "server/jobs/example.ts")).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("lets the mail service's other exports and types through, and the senders and tests be", async () => {
    const ok = [
      'import { mailDomain, resetMailTransport, type Mail } from "~/services/mail.server";',
      'import type { SentMail } from "~/services/mail.server";',
      "export const x: [Mail?, SentMail?] = [];",
      "export const y = [mailDomain, resetMailTransport];",
    ].join("\n");
    expect(await problems(ok, "app/modules/example/thing.server.ts")).toEqual([]);
    const send = 'import { sendMail } from "~/services/mail.server";\nexport const s = sendMail;';
    for (const file of [
      "app/modules/notifications/outbox/outbox-send.server.ts",
      "app/modules/reports/report-delivery.server.ts",
      "app/modules/example/thing.test.ts",
    ])
      expect(await problems(send, file), file).toEqual([]);
  });

  it("holds in the repository: no other file sends mail itself", async () => {
    const files = execFileSync("git", [
      "grep",
      "-l",
      "-E",
      "sendMail|nodemailer",
      "--",
      "app",
      "server",
    ])
      .toString()
      .split("\n")
      .filter((f) => /\.(ts|tsx)$/.test(f));
    const found = (await eslint.lintFiles(files)).flatMap((r) =>
      r.messages.filter((m) => m.ruleId === RULE).map((m) => `${r.filePath}:${m.line}`),
    );
    expect(found).toEqual([]);
  });
});
