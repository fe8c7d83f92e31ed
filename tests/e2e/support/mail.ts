import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { inject } from "vitest";

/** The mails sent to `to` so far, oldest first. */
export async function mailsTo(to: string): Promise<ParsedMail[]> {
  const dir = inject("mailDir");
  const files = (await fs.readdir(dir).catch(() => [] as string[])).sort();
  const out: ParsedMail[] = [];
  for (const f of files) {
    const m = await simpleParser(await fs.readFile(path.join(dir, f)));
    if (JSON.stringify(m.to ?? "").includes(to)) out.push(m);
  }
  return out;
}

/** Waits for a mail to `to` whose subject contains `about`. */
export async function waitForMail(to: string, about: string, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const m = (await mailsTo(to)).find((x) => x.subject?.includes(about));
    if (m) return m;
    if (Date.now() > until) throw new Error(`no mail to ${to} about "${about}"`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
