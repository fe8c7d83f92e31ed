/**
 * Issue 36 against the automations, through the production build as the server serves it: the
 * probe's schedule (hourly from the year 1) is refused at once instead of holding the server for
 * a minute, and someone who may not manage automations (the driver) reads no webhook address or
 * e-mail target of one, on the builder page, its ?_data answer or the list.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import { stopSender } from "~/services/job-queue.server";
import { afterAll } from "vitest";
import { promisedHandler } from "../support/build";
import { useTestDatabase } from "../support/db";
import { sendTo, signInTo, type Handle } from "../support/remix";
import { useSimulator } from "../support/upstream";

const HOOK = "https://hooks.slack.com/services/T0PROBE/B0PROBE/xoxSecretPart123?token=q1w2e3";
const MAILS = ["ops-lead@harbour.example", "night-shift@carrier.example"];

let handle: Handle;
let admin = "";
let driver = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const handler = promisedHandler(build);
  handle = (r) => handler(r, { cspNonce: "n", clientAddress: "198.51.100.7" });
  admin = await signInTo(handle, "admin", "admin123");
  driver = await signInTo(handle, "driver", "driver123");
}, 60_000);
afterAll(() => stopSender());

describe("a schedule from the year 1", () => {
  it("is refused at the field at once, and nothing is saved", async () => {
    const started = performance.now();
    const res = await sendTo(handle, "POST", "/dashboard/createAutomations", admin, {
      intent: "save",
      name: "Probe",
      enabled: "on",
      triggerType: "schedule",
      rrule: "DTSTART:00010101T000000\nRRULE:FREQ=HOURLY;BYMINUTE=0",
      cooldownMinutes: "0",
      maxPerHour: "0",
      "actions[0].kind": "notify",
      "actions[0].channels": "inapp",
    });
    const took = performance.now() - started;
    expect(res.status).toBe(400);
    expect(res.text).toContain("must be within a day of now");
    // 64.5 s on the old code; a wide margin for a shared machine (the first request warms up too).
    expect(took).toBeLessThan(10_000);
    expect(await prisma.automation.count({ where: { name: "Probe" } })).toBe(0);
  });
});

describe("an automation's targets", () => {
  it("reach the driver only masked: the host of a webhook, the domain of an address", async () => {
    const made = await prisma.automation.create({
      data: {
        companyId: 1,
        createdBy: 1001,
        name: "Overspeed to Slack",
        trigger: { type: "overspeed", aboveKmh: 90 },
        conditions: [],
        actions: [
          { kind: "webhook", url: HOOK },
          { kind: "email_report", email: MAILS[0] },
          { kind: "notify", channels: ["inapp", "email"], email: MAILS[1] },
        ],
        cooldownMinutes: 15,
        maxPerHour: 20,
      },
    });
    const pageUrl = `/dashboard/createAutomations/${made.id}`;
    const answers = {
      page: await sendTo(handle, "GET", pageUrl, driver),
      data: await sendTo(
        handle,
        "GET",
        `${pageUrl}?_data=${encodeURIComponent("routes/dashboard.createAutomations.$id")}`,
        driver,
      ),
      list: await sendTo(
        handle,
        "GET",
        `/dashboard/automations?_data=${encodeURIComponent("routes/dashboard.automations")}`,
        driver,
      ),
      listPage: await sendTo(handle, "GET", "/dashboard/automations", driver),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.status, what).toBe(200);
      const text = res.text.replace(/\\u002F/gi, "/");
      for (const secret of ["/services/", "T0PROBE", "xoxSecretPart123", "q1w2e3", ...MAILS])
        expect(text, `${what}: ${secret}`).not.toContain(secret);
    }
    expect(answers.data.text).toContain("Webhook to hooks.slack.com");
    expect(answers.data.text).toContain("o…@harbour.example");

    // Someone who manages automations edits the real values.
    const own = await sendTo(
      handle,
      "GET",
      `${pageUrl}?_data=${encodeURIComponent("routes/dashboard.createAutomations.$id")}`,
      admin,
    );
    expect(own.status).toBe(200);
    expect(JSON.parse(own.text).draft.actions[0].url).toBe(HOOK);
    expect(own.text).toContain(MAILS[0]);
  });
});
