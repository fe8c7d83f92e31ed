import crypto from "node:crypto";
import http from "node:http";
import webpush from "web-push";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as subsAction } from "~/routes/api.push-subscriptions";
import { action as pageAction } from "~/routes/dashboard.notifications";
import { action as loginAction } from "~/routes/login";
import { prisma } from "~/services/db.server";
import { resetEnvCache } from "~/services/env.server";
import { stopSender } from "~/services/job-queue.server";
import { sendPush } from "~/modules/notifications/push.server";
import {
  deliverWebhook,
  postWebhook,
  type WebhookEvent,
} from "~/modules/notifications/webhook.server";
import { fanOut, sendBatch } from "../../app/modules/notifications/push-fanout.server";
import { truncate, useTestDatabase } from "../support/db";
import { startPushStub, type PushStub } from "../support/push-stub";
import { APP, call, cookieFrom, formPost } from "../support/remix";
import { useSimulator } from "../support/upstream";

/**
 * Server-side request forgery (issue 15, item 2) and push subscription takeover (item 6): webhook
 * URLs and push endpoints may only reach public internet addresses, checked when saved and again
 * when sent, and neither webhooks nor pushes follow a redirect. Unless a test opts in, the guard
 * runs as in production: https only, no loopback or private addresses.
 */

let url = "";
let stub: PushStub;
const cookies = new Map<string, string>();

/** A receiver on 127.0.0.1: 204, except /redirect (302 to /landed). Records every request. */
const hits: { path: string; headers: http.IncomingHttpHeaders }[] = [];
let receiver: http.Server;
let port = 0;
const hitsAt = (path: string) => hits.filter((h) => h.path === path).length;

function optIn(opts: { http?: boolean; private?: boolean }) {
  process.env.OUTBOUND_ALLOW_HTTP = opts.http ? "1" : "0";
  process.env.OUTBOUND_ALLOW_PRIVATE = opts.private ? "1" : "0";
  resetEnvCache();
}

async function as(username: string, password: string) {
  if (!cookies.has(username)) {
    const res = await call(loginAction, formPost("/login", { username, password }));
    expect(res.status).toBe(302);
    cookies.set(username, cookieFrom(res));
  }
  return cookies.get(username)!;
}

beforeAll(async () => {
  url = await useTestDatabase();
  await useSimulator();
  const keys = webpush.generateVAPIDKeys();
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  resetEnvCache();
  stub = await startPushStub({ keepPayloads: 20 });
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      hits.push({ path: req.url ?? "/", headers: req.headers });
      if (req.url === "/redirect")
        res.writeHead(302, { location: `http://127.0.0.1:${port}/landed` }).end();
      else res.writeHead(req.url === "/landed" ? 201 : 204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  port = (receiver.address() as { port: number }).port;
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HTTP;
  delete process.env.OUTBOUND_ALLOW_PRIVATE;
  resetEnvCache();
  await stopSender();
  await stub.close();
  await new Promise<void>((r) => (receiver.closeAllConnections(), receiver.close(() => r())));
});
beforeEach(async () => {
  optIn({});
  hits.length = 0;
  stub.reset();
  await truncate(url, ["AlertRule", "PushSubscription", "PushMessage", "PushDelivery"]);
  await prisma.$executeRawUnsafe(`delete from pgboss.job where name = 'webhook'`).catch(() => 0);
});
afterEach(() => optIn({}));

const event: WebhookEvent = {
  id: "ev-ssrf-1",
  kind: "overspeed",
  imei: "1",
  companyid: 1,
  time: "2026-01-01T00:00:00.000Z",
  title: "t",
  body: "b",
  details: {},
};

/** Every form the probe used, and the other private ranges (https, so only the address is wrong). */
const REFUSED_HTTPS = [
  "https://127.0.0.1/hook",
  "https://127.0.0.1:5432/",
  "https://[::1]/hook",
  "https://[::ffff:127.0.0.1]/hook",
  "https://2130706433/hook",
  "https://0x7f.1/hook",
  "https://169.254.169.254/latest/meta-data/",
  "https://10.1.2.3/hook",
  "https://172.16.0.1/hook",
  "https://192.168.1.10/hook",
  "https://100.64.0.1/hook",
  "https://[fd00::1]/hook",
  "https://[fe80::1]/hook",
  "https://0.0.0.0/hook",
  "https://[::]/hook",
  "https://224.0.0.1/hook",
  "https://localhost/hook",
];

describe("webhook URLs of alert rules", () => {
  const save = async (webhookUrl: string) => {
    const cookie = await as("admin", "admin123");
    return call(
      pageAction,
      formPost(
        "/dashboard/notifications",
        {
          intent: "rule-save",
          name: "Hook",
          kinds: "overspeed",
          channels: "webhook",
          timeZone: "UTC",
          enabled: "on",
          webhookUrl,
          webhookSecret: "0123456789abcdef",
        },
        { cookie },
      ),
    );
  };

  it("refuses loopback, private, link-local, metadata and encoded forms when saved, with words next to the field", async () => {
    for (const hook of REFUSED_HTTPS) {
      const res = await save(hook);
      expect(res.status, hook).toBe(400);
      const body = await res.json();
      expect(body.errors.webhookUrl, hook).toMatch(/^Only public internet addresses are allowed/);
      expect(body.values.webhookUrl).toBe(hook);
    }
    // http:// needs the development opt-in; with it, the address is still checked.
    const plain = await (await save("http://hooks.example/x")).json();
    expect(plain.errors.webhookUrl).toBe("Use an https:// address");
    optIn({ http: true });
    const app = await (await save(`http://127.0.0.1:${port}/hook`)).json();
    expect(app.errors.webhookUrl).toBe(
      "Only public internet addresses are allowed: this one is a loopback address (this server itself)",
    );
    expect(await prisma.alertRule.count()).toBe(0);
    // A public address is accepted (a literal: this machine has no DNS to the outside).
    expect((await save("https://93.184.216.34/hook")).status).toBe(302);
    expect(await prisma.alertRule.count()).toBe(1);
  });

  it("'send a test' and queued deliveries never reach a refused address (checked again at send)", async () => {
    optIn({ http: true });
    const cookie = await as("admin", "admin123");
    for (const hook of [`http://127.0.0.1:${port}/a`, `http://localhost:${port}/b`]) {
      // Stored before the guard existed, or DNS changed since: the send checks again.
      const rule = await prisma.alertRule.create({
        data: {
          userId: 1001,
          companyId: 1,
          name: "old",
          kinds: ["overspeed"],
          channels: ["webhook"],
          webhookUrl: hook,
          webhookSecret: "0123456789abcdef",
        },
      });
      const res = await call(
        pageAction,
        formPost("/dashboard/notifications", { intent: "rule-test", id: rule.id }, { cookie }),
      );
      expect(res.status).toBe(200);
      const [job] = await prisma.$queryRaw<{ data: { ruleId: string; event: WebhookEvent } }[]>`
        select data from pgboss.job where name = 'webhook' and data->>'ruleId' = ${rule.id}`;
      expect(job).toBeDefined();
      expect(await deliverWebhook(job!.data)).toBe("refused");
    }
    expect(hits).toHaveLength(0);
  });

  it("postWebhook refuses every encoded form of loopback with a receiver listening there", async () => {
    optIn({ http: true });
    for (const host of [
      "127.0.0.1",
      "2130706433",
      "0x7f.1",
      "127.1",
      "[::ffff:127.0.0.1]",
      "localhost",
    ])
      await expect(
        postWebhook(`http://${host}:${port}/hook`, "0123456789abcdef", event),
        host,
      ).rejects.toThrow(/^Only public internet addresses are allowed/);
    expect(hits).toHaveLength(0);
  });
});

describe("push endpoints", () => {
  const keys = () => {
    const ecdh = crypto.createECDH("prime256v1");
    ecdh.generateKeys();
    return {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: crypto.randomBytes(16).toString("base64url"),
    };
  };
  const subscribe = async (who: [string, string], endpoint: string, k = keys()) =>
    call(
      subsAction,
      new Request(`${APP}/api/push-subscriptions`, {
        method: "POST",
        body: JSON.stringify({ endpoint, expirationTime: null, keys: k }),
        headers: {
          "content-type": "application/json",
          origin: APP,
          cookie: await as(...who),
        },
      }),
    );

  it("refuses a loopback or private endpoint when subscribing", async () => {
    for (const endpoint of ["https://127.0.0.1/push/1", "https://[::1]/x", "https://10.0.0.1/x"]) {
      const res = await subscribe(["admin", "admin123"], endpoint);
      expect(res.status, endpoint).toBe(400);
      expect((await res.json()).error).toMatch(/^Only public internet addresses are allowed/);
    }
    const plain = await subscribe(["admin", "admin123"], "http://push.example/x");
    expect(plain.status).toBe(400);
    expect(await prisma.pushSubscription.count()).toBe(0);
    expect((await subscribe(["admin", "admin123"], "https://push.example/a")).status).toBe(201);
  });

  it("never sends a push to a refused address, even one stored before", async () => {
    optIn({ http: true });
    const r = await sendPush({ endpoint: `http://127.0.0.1:${port}/push`, ...stub.keys }, "{}", {
      ttl: 60,
      urgency: "normal",
      timeoutMs: 2000,
    });
    expect(r.outcome).toBe("failed");
    expect(hits).toHaveLength(0);
  });

  it("neither a push nor a webhook follows a redirect (the VAPID header stays with the push service)", async () => {
    optIn({ http: true, private: true });
    const push = await sendPush(
      { endpoint: `http://127.0.0.1:${port}/redirect`, ...stub.keys },
      "{}",
      {
        ttl: 60,
        urgency: "normal",
        timeoutMs: 2000,
      },
    );
    expect(push).toMatchObject({ outcome: "failed", status: 302 });
    await expect(
      postWebhook(`http://127.0.0.1:${port}/redirect`, "0123456789abcdef", event),
    ).rejects.toThrow(/302/);
    expect(hitsAt("/redirect")).toBe(2);
    expect(hitsAt("/landed")).toBe(0);
  });

  it("another user posting the same endpoint never takes over the first user's subscription", async () => {
    optIn({ http: true, private: true });
    const endpoint = `${stub.url}/ok/shared`;
    const mine = await subscribe(["admin", "admin123"], endpoint, stub.keys);
    expect(mine.status).toBe(201);
    const { id } = await mine.json();
    await subscribe(["other", "other123"], endpoint);
    expect(await prisma.pushSubscription.findUniqueOrThrow({ where: { id } })).toMatchObject({
      userId: 1001,
      companyId: 1,
      endpoint,
      ...stub.keys,
    });
    // Admin's alerts still reach admin's browser, encrypted with admin's browser keys.
    await prisma.pushMessage.create({
      data: {
        key: "m-admin",
        userIds: [1001],
        payload: { title: "For admin", body: "b", kind: "overspeed" },
        ttl: 60,
        urgency: "normal",
      },
    });
    const batches: string[][] = [];
    await fanOut("m-admin", async (jobs) => void batches.push(...jobs.map((j) => j.ids)));
    expect(batches.flat()).toEqual([id]);
    expect((await sendBatch("m-admin", batches[0]!, async () => undefined)).sent).toBe(1);
    expect(stub.delivered.get("/ok/shared")).toBe(1);
    expect(stub.payloads.at(-1)?.json).toMatchObject({ title: "For admin" });
  });
});
