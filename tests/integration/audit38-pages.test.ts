import { beforeAll, describe, expect, it } from "vitest";
import { listDevices } from "~/modules/fleet/devices-read.server";
import type { Auth } from "~/services/company-context.server";
import { useTestDatabase } from "../support/db";
import { productionBuild, promisedHandler } from "../support/build";
import { sendTo, signInTo, type Handle } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";

/** Issue 38.6, the smaller gaps that show in a page's HTML, through the production build. */
let handle: Handle;
let cookie = "";
let admin: Auth;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  const handler = promisedHandler(await productionBuild());
  handle = (r) => handler(r, { cspNonce: "n", clientAddress: "203.0.113.39" });
  cookie = await signInTo(handle, "admin", "admin123");
  admin = await upstreamAuth("admin", "admin123");
});

const page = async (path: string) => {
  const res = await sendTo(handle, "GET", path, cookie);
  if (res.status === 302) return page(res.location!);
  expect(res.status, path).toBe(200);
  return res.text;
};

describe("smaller gaps (issue 38.6)", () => {
  it("Concrete → Create Supplier opens the form with Kind = Concrete", async () => {
    const html = await page("/concrete/create-supplier");
    const select = /<select[^>]*name="kind"[^>]*>([\s\S]*?)<\/select>/.exec(
      html.slice(html.indexOf('data-testid="supplier-form"')),
    )?.[1];
    expect(select).toBeDefined();
    expect(select).toMatch(/<option value="concrete" selected="">/);
  });

  it("the device pages show the device's photo, through the media proxy", async () => {
    const d = (await listDevices(admin)).devices.find((x) => x.photo)!;
    expect(d).toBeDefined();
    for (const path of [
      `/dashboard/assets/device/${d.imei}`,
      `/dashboard/vehicle-dashboard/${d.imei}`,
    ]) {
      const html = await page(path);
      expect(html, path).toContain(`src="/media${d.photo}"`);
      expect(html, path).toContain(`alt="Photo of ${d.nickname}"`);
    }
    const img = await sendTo(handle, "GET", `/media${d.photo}`, cookie);
    expect(img.status).toBe(200);
  });

  it("the recover-offline checklist names the place, time and IMEI in its steps, not '(below)'", async () => {
    const d = (await listDevices(admin)).devices.find((x) => x.lat !== null && x.lastContactAt)!;
    const html = await page(`/dashboard/recover-offline-device/${d.imei}`);
    const list = html.slice(html.indexOf('data-testid="recover-checklist"'));
    expect(list).not.toContain("(below)");
    expect(list).not.toContain("IMEI below");
    expect(list).toContain(`${d.lat!.toFixed(5)}, ${d.lng!.toFixed(5)}`);
    expect(list).toContain(`with its IMEI, ${d.imei}.`);
  });
});
