import { beforeAll, describe, expect, it } from "vitest";
import { productionBuild, promisedHandler } from "../support/build";
import { useTestDatabase } from "../support/db";
import { sendTo, signInTo, type Handle } from "../support/remix";
import { CONTROL_MESSAGE } from "~/lib/input";
import { createFormLink } from "~/modules/forms/form-links.server";
import { listDevices } from "~/modules/fleet/index.server";
import { upstreamAuth, useSimulator } from "../support/upstream";

let handle: Handle;
let cookie: string;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  const handler = promisedHandler(await productionBuild());
  handle = (r) => handler(r, { cspNonce: "n", clientAddress: "203.0.113.41" });
  cookie = await signInTo(handle, "admin", "admin123");
  // Loading the production build takes over a minute on a busy machine.
}, 180_000);

/**
 * A form posted without JavaScript renders its page again with the action's answer. When the route
 * wrapper answers for the action (NotSaved: a control character, the tracking service down) the
 * page must render that answer too, not read fields only the action's own answers have.
 */
describe("a page renders the wrapper's NotSaved answer to its own form", () => {
  const cases: [string, Record<string, string>][] = [
    [
      "/dashboard/notifications",
      { intent: "rule-save", name: "Over\u0000speed", kinds: "overspeed" },
    ],
    ["/dashboard/logbook", { intent: "purpose", id: "1", purpose: "private\u0000" }],
    ["/admin/jobcodes", { intent: "create", code: "J\u00001", name: "Job" }],
  ];
  it.each(cases)("%s", async (path, fields) => {
    const res = await sendTo(handle, "POST", path, cookie, fields);
    expect(res.status, res.text.slice(0, 300)).toBe(400);
    expect(res.text).toContain("<form");
  });

  it("a public form shows the refusal as the form's own error, not as Conform field errors", async () => {
    const link = await createFormLink(await upstreamAuth("admin", "admin123"), 1001, {
      formId: 301,
      label: "Depot",
      minutes: 60,
    });
    const res = await sendTo(handle, "POST", `/forms/${link.id}`, "", {
      vehicle: "TRK\u000012",
      odometer: "120345",
    });
    expect(res.status).toBe(400);
    // Shown on the page, not only in the data the page hydrates from.
    const shown = res.text.replace(/<script[\s\S]*?<\/script>/g, "");
    expect(shown).toContain('data-testid="form-error"');
    expect(shown).toContain(CONTROL_MESSAGE);
  });
});

/**
 * Record listings are the one data table: on a phone its scroll container lets the table scroll
 * sideways instead of clipping columns, and the table is named for screen readers.
 */
describe("a jobsite's vehicles are listed on the data table", () => {
  it("inside a sideways scroll container, named, its scroll area reachable by keyboard", async () => {
    const { devices } = await listDevices(await upstreamAuth("admin", "admin123"));
    const parked = devices.find((d) => d.lat !== null && d.lng !== null && !d.speed)!;
    const created = await sendTo(handle, "POST", "/admin/jobsite/new", cookie, {
      intent: "create",
      name: "Phone yard",
      shape: "circle",
      lat: String(parked.lat),
      lng: String(parked.lng),
      radius: "300",
    });
    expect(created.status).toBe(302);
    const page = await sendTo(handle, "GET", `${created.location}/vehicles`, cookie);
    expect(page.status).toBe(200);
    const tab = page.text.slice(page.text.indexOf('data-testid="jobsite-vehicles"'));
    const table = tab.indexOf("<table");
    expect(table).toBeGreaterThan(0);
    expect(tab.slice(0, table)).toContain("mantine-TableScrollContainer-scrollContainer");
    expect(tab.slice(table, tab.indexOf(">", table))).toContain(
      'aria-label="Vehicles inside the geofence now"',
    );
    expect(tab.slice(0, table)).toMatch(/tabindex="0"[^>]*aria-label="Vehicles inside/);
  });
});

/**
 * Issue 35 part 6: a converted action answers a refused form with Conform's reply, and its page,
 * posted without JavaScript, shows the message beside the field and keeps what was typed (the
 * page reads Conform's reply, not the hand-made errors/values it used to).
 */
describe("a form converted to Conform's reply renders its refusal without JavaScript", () => {
  const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");
  const cases: [string, Record<string, string>, string, string][] = [
    [
      "/admin/people",
      { intent: "create", first_name: "Ivy", last_name: "Invite", email: "not-an-email" },
      "Enter an email address like name@example.com",
      'value="not-an-email"',
    ],
    [
      "/admin/groups",
      { intent: "create", nickname: "x".repeat(61) },
      "At most 60 characters",
      `value="${"x".repeat(61)}"`,
    ],
    [
      "/dashboard/driver-tag",
      { intent: "register", uid: "12-34-zz", label: "Spare" },
      "A tag uid is 8 to 16 hexadecimal characters",
      'value="12-34-zz"',
    ],
  ];
  it.each(cases)("%s", async (path, fields, message, typed) => {
    const res = await sendTo(handle, "POST", path, cookie, fields);
    expect(res.status).toBe(400);
    const html = shown(res.text);
    // Beside its field (Mantine's error element, announced), with what was typed kept.
    expect(html).toMatch(new RegExp(`role="alert"[^>]*>${message}`));
    expect(html).toContain(typed);
  });

  it("a payroll set-up form, whose refusal is the form's own error", async () => {
    const res = await sendTo(handle, "POST", "/admin/allowances", cookie, {
      intent: "create",
      name: "Boots",
      amount: "a lot",
      unit: "shift",
    });
    expect(res.status).toBe(400);
    const html = shown(res.text);
    expect(html).toContain("Enter an amount like 15.50 (up to 4 decimals)");
    expect(html).toContain('value="a lot"');
    expect(html).toContain('value="Boots"');
  });

  it("a field the user emptied stays empty after a refusal, not back to the saved value", async () => {
    const list = await sendTo(handle, "GET", "/admin/allowances", cookie);
    const id = /\?edit=(\d+)/.exec(list.text)![1]!;
    const edit = shown((await sendTo(handle, "GET", `/admin/allowances?edit=${id}`, cookie)).text);
    const saved =
      /<input[^>]*name="name"[^>]*value="([^"]+)"/.exec(edit)?.[1] ??
      /<input[^>]*value="([^"]+)"[^>]*name="name"/.exec(edit)![1]!;
    // Conform leaves an emptied field out of its reply's initialValue.
    const res = await sendTo(handle, "POST", `/admin/allowances?edit=${id}`, cookie, {
      intent: "update",
      id,
      name: "",
      amount: "2",
      unit: "shift",
    });
    expect(res.status).toBe(400);
    const html = shown(res.text);
    expect(html).toContain("Enter a name");
    const input = /<input[^>]*name="name"[^>]*>/.exec(html)![0];
    expect(input).not.toContain(`value="${saved}"`);
  });

  it("a beacon's settings form", async () => {
    const { listBeacons } = await import("~/modules/beacons/beacons.server");
    const b = (await listBeacons(await upstreamAuth("admin", "admin123"))).beacons[0]!;
    const res = await sendTo(handle, "POST", "/dashboard/beacon-config", cookie, {
      uuid: b.uuid,
      nickname: "",
      assetName: "Crate",
      txPower: "-8",
      advIntervalMs: "20",
    });
    expect(res.status).toBe(400);
    const html = shown(res.text);
    expect(html).toMatch(/role="alert"[^>]*>Enter a name\./);
    expect(html).toContain('value="Crate"');
  });
});
