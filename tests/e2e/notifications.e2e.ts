import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPushStub, type PushStub } from "../support/push-stub";
import { appUrl, newPage, signIn } from "./support/browser";

/**
 * Notifications (issue 6) in Chromium against the real server: permission, the real service
 * worker, subscribing, the stored subscription, a push sent by our server with real web-push
 * encryption to a local push service, the live bell, and the 3-snackbar limit.
 *
 * Headless Chromium here cannot create a real push subscription (no push service is reachable,
 * and a fresh browser context is incognito, where Chrome has no Push API). So
 * PushManager.subscribe is replaced in the page by one that returns a subscription at the local
 * push stub, with real keys; everything around it (permission, service worker, our subscribe
 * code, the server, web-push, VAPID, the push service's decryption) is real.
 *
 * Uses the `demo` user and removes its rule and browsers at the end: other files sign in as
 * admin and count snackbars.
 */

let stub: PushStub;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  stub = await startPushStub({ keepPayloads: 200 });
  ({ context, page } = await newPage());
  const endpoint = `${stub.url}/ok/e2e-${Date.now()}`;
  await context.addInitScript(
    ({ endpoint, keys }) => {
      sessionStorage.setItem("tracksmith.pushPrompt.automation", "1");
      const KEY = "e2e.fakeSubscription";
      const make = () => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => (localStorage.removeItem(KEY), true),
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        // The real call's contract: the application server key must be our VAPID public key.
        if (!options?.applicationServerKey) throw new Error("no applicationServerKey");
        localStorage.setItem(KEY, "1");
        return make() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (localStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription;
      };
    },
    { endpoint, keys: stub.keys },
  );
  await signIn(page, "demo", "demo123");
});

afterAll(async () => {
  // Leave the shared server as found: no rule, no subscribed browser for demo.
  try {
    await page.goto("/dashboard/notifications");
    const ruleIds = await page
      .locator(
        "[data-testid=rule-row] input[name=intent][value=rule-delete] ~ input[name=id], [data-testid=rule-row] form:has(input[value=rule-delete]) input[name=id]",
      )
      .evaluateAll((els) => [...new Set(els.map((e) => (e as HTMLInputElement).value))]);
    const subIds = await page
      .locator("[data-testid=browser-row] input[name=id]")
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    for (const id of ruleIds)
      await page.request.post("/dashboard/notifications", {
        form: { intent: "rule-delete", id, confirm: "yes" },
        headers: { Origin: appUrl() },
      });
    for (const id of subIds)
      await page.request.post("/dashboard/notifications", {
        form: { intent: "sub-remove", id, confirm: "yes" },
        headers: { Origin: appUrl() },
      });
    await page.goto("/dashboard/notifications");
    expect(await page.getByTestId("rule-row").count()).toBe(0);
    expect(await page.getByTestId("browser-row").count()).toBe(0);
  } finally {
    await context.close();
    await stub.close();
  }
});

async function hydrated(p: Page) {
  await p.getByTestId("loading-screen").waitFor({ state: "detached" });
}

async function unread(p: Page) {
  return Number(await p.getByTestId("notification-bell").getAttribute("data-unread"));
}

describe("browser push", () => {
  it("explains first, then asks: permission, the real service worker, and the subscription stored on the server", async () => {
    await page.goto("/dashboard/assets");
    await hydrated(page);
    // Undecided permission: the card explains first and asks nothing by itself.
    expect(await page.evaluate(() => Notification.permission)).toBe("default");
    const prompt = page.getByTestId("push-prompt");
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain("Get alerts when Tracksmith is closed?");
    expect(await page.evaluate(() => Notification.permission)).toBe("default");
    // The user says yes (headless Chromium cannot click its permission bubble: grant it as the click would).
    await context.grantPermissions(["notifications"], { origin: appUrl() });
    await prompt.getByTestId("push-prompt-enable").click();
    await prompt.waitFor({ state: "detached" });

    const sw = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return {
        script: reg.active?.scriptURL ?? null,
        scope: reg.scope,
        permission: Notification.permission,
      };
    });
    expect(sw).toEqual({
      script: `${appUrl()}/sw.js`,
      scope: `${appUrl()}/`,
      permission: "granted",
    });

    await page.goto("/dashboard/notifications");
    await hydrated(page);
    await page.getByTestId("browser-row").first().waitFor();
    expect(await page.getByTestId("browser-row").count()).toBe(1);
    expect(await page.getByTestId("push-state").textContent()).toBe("On for this browser");
    expect(await page.getByTestId("browser-row").first().textContent()).toContain("this browser");
  });

  it("a test push goes from our server through the local push service, encrypted for this browser", async () => {
    await page.goto("/dashboard/notifications");
    await hydrated(page);
    await page.locator('input[name="name"]').fill("E2E push only");
    // Push only: uncheck the in-app channel.
    await page.getByRole("checkbox", { name: "In the app" }).uncheck();
    await page.getByRole("button", { name: "Create rule" }).click();
    await page.getByTestId("toast").getByText("Alert rule saved.").last().waitFor();
    await page.getByTestId("rule-row").first().waitFor();
    stub.payloads.length = 0;
    await page.getByTestId("rule-row").first().getByRole("button", { name: "Send a test" }).click();
    await page.getByTestId("test-result").waitFor();
    expect(await page.getByTestId("test-result").textContent()).toBe("Test sent: browser push.");
    const deadline = Date.now() + 20_000;
    while (
      !stub.payloads.some((p) => (p.json as { title?: string }).title === "Test: E2E push only") &&
      Date.now() < deadline
    )
      await page.waitForTimeout(200);
    const got = stub.payloads.find(
      (p) => (p.json as { title?: string }).title === "Test: E2E push only",
    );
    expect(got?.json).toMatchObject({ kind: "test", link: "/dashboard/notifications" });
    expect(got?.headers).toMatchObject({ "content-encoding": "aes128gcm", urgency: "normal" });
  });

  it("the service worker shows a pushed notification", async () => {
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on(
      "ServiceWorker.workerRegistrationUpdated",
      (e: { registrations: { registrationId: string; scopeURL: string }[] }) =>
        registrations.push(...e.registrations),
    );
    await cdp.send("ServiceWorker.enable");
    const start = Date.now();
    while (!registrations.length && Date.now() - start < 5000) await page.waitForTimeout(100);
    const reg = registrations.find((r) => r.scopeURL === `${appUrl()}/`)!;
    expect(reg).toBeTruthy();
    // The worker may still be activating when the first push arrives (which drops it): deliver until shown.
    let shown: { title: string; body: string; link: string }[] = [];
    for (let attempt = 0; attempt < 5 && !shown.length; attempt++) {
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: appUrl(),
        registrationId: reg.registrationId,
        data: JSON.stringify({
          title: "Overspeed: Truck 1",
          body: "Truck 1 drove at 91 km/h",
          link: "/dashboard/notifications",
          tag: "e2e-sw",
          kind: "overspeed",
        }),
      });
      shown = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.ready;
        for (let i = 0; i < 30; i++) {
          const list = await r.getNotifications({ tag: "e2e-sw" });
          if (list.length)
            return list.map((n) => ({
              title: n.title,
              body: n.body,
              link: (n.data as { link: string }).link,
            }));
          await new Promise((x) => setTimeout(x, 100));
        }
        return [];
      });
    }
    expect(shown).toEqual([
      {
        title: "Overspeed: Truck 1",
        body: "Truck 1 drove at 91 km/h",
        link: `${appUrl()}/dashboard/notifications`,
      },
    ]);
    await cdp.detach();
  });
});

describe("the bell and snackbars", () => {
  it("the unread count updates live, and at most 3 snackbars show at once", async () => {
    // An in-app rule; its "Send a test" creates a notification now, whatever the upstream does.
    await page.goto("/dashboard/notifications");
    await hydrated(page);
    await page.locator('input[name="name"]').fill("E2E in-app");
    await page.getByRole("checkbox", { name: "Browser push" }).uncheck();
    // One rare kind only, so fleet alerts seldom join the test's own notifications.
    for (const label of [
      "Geofence entered",
      "Geofence left",
      "Overspeed",
      "Device offline",
      "Device back online",
      "Low battery",
      "Temperature out of range",
      "Harsh driving",
      "Sensor out of range",
    ]) {
      await page.getByRole("checkbox", { name: label, exact: true }).uncheck();
    }
    await page.getByRole("button", { name: "Create rule" }).click();
    await page.getByTestId("toast").getByText("Alert rule saved.").last().waitFor();
    await page.getByTestId("rule-row").nth(1).waitFor();
    const rows = page.getByTestId("rule-row");
    const inAppRow = (await rows.nth(0).textContent())?.includes("E2E in-app")
      ? rows.nth(0)
      : rows.nth(1);
    const href = await inAppRow.getByRole("link", { name: "Edit" }).getAttribute("href");
    const id = new URL(href!, appUrl()).searchParams.get("edit")!;

    // A second tab watches; it is never reloaded.
    const watcher = await context.newPage();
    await watcher.goto("/dashboard/account");
    await hydrated(watcher);
    await watcher.waitForFunction(
      () =>
        document.querySelector("[data-testid=notification-bell]")?.getAttribute("data-unread") !==
        null,
    );
    await watcher.waitForTimeout(1000);
    const before = await unread(watcher);
    expect(await watcher.locator(".mantine-Notification-root").count()).toBe(0);

    for (let i = 0; i < 5; i++) {
      const res = await page.request.post("/dashboard/notifications", {
        form: { intent: "rule-test", id },
        headers: { Origin: appUrl() },
      });
      expect(res.ok()).toBe(true);
    }
    await watcher.waitForFunction(
      (n) =>
        Number(
          document.querySelector("[data-testid=notification-bell]")?.getAttribute("data-unread"),
        ) >=
        n + 5,
      before,
      { timeout: 20_000 },
    );
    await watcher.getByText("Test: E2E in-app").first().waitFor();
    await watcher.waitForTimeout(500);
    // Five (or more, with fleet alerts) arrived; three show, the rest wait their turn.
    expect(await watcher.locator(".mantine-Notification-root").count()).toBe(3);

    // Mark all read from the bell: the count drops to 0 in both tabs.
    await watcher.getByTestId("notification-bell").click();
    await watcher.getByTestId("notification-dropdown").waitFor();
    expect(await watcher.getByTestId("notification-item").count()).toBeGreaterThanOrEqual(5);
    await watcher.getByTestId("mark-all-read").click();
    await watcher.waitForFunction(
      () =>
        document.querySelector("[data-testid=notification-bell]")?.getAttribute("data-unread") ===
        "0",
    );
    await watcher.close();
  });
});
