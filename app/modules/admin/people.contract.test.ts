/**
 * Contract test of the people, groups, group permission, device link, jobsite and billing calls:
 * the typed clients against the simulator.
 */
import { describe, expect, it } from "vitest";
import { iotDevices, login, permissions, profile } from "~/services/upstream/index.server";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import {
  attachCard,
  createQuote,
  getInvoice,
  getPaymentMethod,
  getQuote,
  getSubscription,
  listInvoices,
  listPlans,
  purchase,
  startCheckout,
} from "./billing-upstream.server";
import {
  createJobsite,
  getJobsite,
  listAdminJobsites,
  listTimesheetEntries,
  updateJobsite,
  type JobsiteInput,
} from "./jobsites-upstream.server";
import {
  changeDeviceLinks,
  createGroup,
  createPerson,
  deleteGroup,
  getPerson,
  listDeviceLinks,
  listGroupGrants,
  listGroups,
  listPeople,
  renameGroup,
  sendPasswordReset,
  setGroupGrants,
  setPersonActive,
  updatePerson,
} from "./people-upstream.server";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");
const other = () => up.signIn("other", "other123");

describe("people", () => {
  it("lists the company's accounts; adds one with a unique, valid email; edits it", async () => {
    const api = await admin();
    const people = await listPeople(api);
    expect(people.map((p) => p.username)).toEqual(
      expect.arrayContaining(["admin", "driver", "tsadmin", "demo"]),
    );
    expect(people.map((p) => p.username)).not.toContain("other");
    expect(people.find((p) => p.username === "admin")!.last_login).not.toBeNull();
    const groups = await listGroups(api);
    const made = await createPerson(api, {
      first_name: "Nina",
      last_name: "New",
      email: "Nina@harbour.example",
      mobile: null,
      group_ids: [groups[0]!.id],
    });
    expect(made).toMatchObject({ email: "nina@harbour.example", active: true, last_login: null });
    const dup = await rejection(
      createPerson(api, { ...made, email: "admin@harbour.example", mobile: null }),
    );
    expect([dup.status, dup.message]).toEqual([409, "Email already in use"]);
    const bad = await rejection(createPerson(api, { ...made, email: "nope", mobile: null }));
    expect([bad.status, bad.message]).toEqual([400, "email is not a valid email address"]);
    const edited = await updatePerson(api, made.username_id, {
      ...made,
      last_name: "Newer",
      mobile: "+61 400 000 999",
    });
    expect(edited).toMatchObject({ name: "Nina Newer", mobile: "+61 400 000 999" });
    expect((await sendPasswordReset(api, made.username_id)).sent_to).toBe("nina@harbour.example");
  });

  it("a deactivated account cannot sign in and its token stops working; reactivated it can", async () => {
    const api = await admin();
    const demo = (await listPeople(api)).find((p) => p.username === "demo")!;
    const demoApi = await up.signIn("demo", "demo123");
    expect((await setPersonActive(api, demo.username_id, false)).active).toBe(false);
    expect((await rejection(profile(demoApi))).status).toBe(401);
    const r = await login(up.base, { username: "demo", password: "demo123" });
    expect(r.ok).toBe(false);
    await setPersonActive(api, demo.username_id, true);
    expect((await login(up.base, { username: "demo", password: "demo123" })).ok).toBe(true);
    const self = (await listPeople(api)).find((p) => p.username === "admin")!;
    expect((await rejection(setPersonActive(api, self.username_id, false))).status).toBe(409);
  });

  it("another company's person is a 404", async () => {
    const theirs = (await listPeople(await other()))[0]!;
    const api = await admin();
    expect((await rejection(getPerson(api, theirs.username_id))).status).toBe(404);
    expect((await rejection(setPersonActive(api, theirs.username_id, false))).status).toBe(404);
    expect((await rejection(sendPasswordReset(api, theirs.username_id))).status).toBe(404);
  });
});

describe("groups and permissions", () => {
  it("adds, renames and deletes a group; deleting one with members is refused", async () => {
    const api = await admin();
    const g = await createGroup(api, "Night shift");
    expect((await rejection(createGroup(api, "night SHIFT"))).status).toBe(409);
    expect((await renameGroup(api, g.id, "Night crew")).nickname).toBe("Night crew");
    await deleteGroup(api, g.id);
    expect((await listGroups(api)).map((x) => x.id)).not.toContain(g.id);
    const withMembers = (await listGroups(api)).find((x) => x.member_ids.length > 0)!;
    const e = await rejection(deleteGroup(api, withMembers.id));
    expect(e.status).toBe(409);
    expect(e.message).toMatch(/still has \d+ members?: move them to another group first/);
    const theirs = (await listGroups(await other()))[0]!;
    expect((await rejection(renameGroup(api, theirs.id, "x"))).status).toBe(404);
    expect((await rejection(setGroupGrants(api, theirs.id, { jobsites_view: true }))).status).toBe(
      404,
    );
  });

  it("a grant to a group takes effect on the member's next getpermissions, with why", async () => {
    const api = await admin();
    const driverApi = await up.signIn("driver", "driver123");
    expect((await permissions(driverApi)).jobsites_view).toBe(false);
    const driver = (await listPeople(api)).find((p) => p.username === "driver")!;
    const gid = driver.group_ids[0]!;
    await setGroupGrants(api, gid, { jobsites_view: true });
    expect((await permissions(driverApi)).jobsites_view).toBe(true);
    const detail = await getPerson(api, driver.username_id);
    expect(detail.why.jobsites_view).toEqual([
      expect.objectContaining({ source: "group", group_id: gid }),
    ]);
    expect(detail.why.complete_forms).toEqual([{ source: "account" }]);
    expect((await listGroupGrants(api)).find((g) => g.group_id === gid)!.permissions).toMatchObject(
      { jobsites_view: true, people_view: false },
    );
    await setGroupGrants(api, gid, { jobsites_view: false });
    expect((await permissions(driverApi)).jobsites_view).toBe(false);
    expect((await rejection(setGroupGrants(api, gid, { fly: true }))).status).toBe(400);
  });
});

describe("account–device links", () => {
  it("a restricted account's iotdevices and profile list only its linked devices", async () => {
    const api = await admin();
    const driver = (await listPeople(api)).find((p) => p.username === "driver")!;
    const all = await iotDevices(api);
    const mine = [all[0]!.imei, all[1]!.imei];
    const links = await changeDeviceLinks(api, {
      action: "link",
      username_ids: [driver.username_id],
      imeis: mine,
    });
    expect(links[0]).toMatchObject({ restricted: true, imeis: [...mine].sort() });
    const driverApi = await up.signIn("driver", "driver123");
    expect((await iotDevices(driverApi)).map((d) => d.imei).sort()).toEqual([...mine].sort());
    expect((await profile(driverApi)).device_imeis).toEqual([...mine].sort());
    await changeDeviceLinks(api, {
      action: "unlink",
      username_ids: [driver.username_id],
      imeis: [mine[0]!],
    });
    expect((await iotDevices(driverApi)).map((d) => d.imei)).toEqual([mine[1]]);
    await changeDeviceLinks(api, {
      action: "unrestrict",
      username_ids: [driver.username_id],
      imeis: [],
    });
    expect((await iotDevices(driverApi)).length).toBe(all.length);
    expect((await listDeviceLinks(api)).every((l) => !l.restricted)).toBe(true);
    const theirImei = (await iotDevices(await other()))[0]!.imei;
    const e = await rejection(
      changeDeviceLinks(api, {
        action: "link",
        username_ids: [driver.username_id],
        imeis: [theirImei],
      }),
    );
    expect(e.status).toBe(404);
  });
});

describe("jobsites", () => {
  const input: JobsiteInput = {
    name: "Wacol Depot",
    address: "Boundary Rd, Wacol QLD 4076",
    active: true,
    geofence: {
      type: "polygon",
      points: [
        { lat: -27.59, lng: 152.93 },
        { lat: -27.59, lng: 152.94 },
        { lat: -27.6, lng: 152.94 },
      ],
    },
    primary_contact: { name: "Sam Site", phone: "+61 7 3000 0000", email: "sam@harbour.example" },
    secondary_contact: null,
  };

  it("adds, reads and edits a jobsite; refuses bad input and another company's id", async () => {
    const api = await admin();
    const made = await createJobsite(api, input);
    expect(await getJobsite(api, made.id)).toEqual(made);
    const circle = await updateJobsite(api, made.id, {
      ...input,
      geofence: { type: "circle", lat: -27.59, lng: 152.93, radius_meters: 200 },
    });
    expect(circle.geofence).toMatchObject({ type: "circle", radius_meters: 200 });
    expect((await listAdminJobsites(api)).map((j) => j.id)).toContain(made.id);
    const tooFew = await rejection(
      createJobsite(api, { ...input, name: "X", geofence: { type: "polygon", points: [] } }),
    );
    expect([tooFew.status, tooFew.message]).toEqual([
      400,
      "geofence.points must have 3 to 200 points",
    ]);
    expect((await rejection(createJobsite(api, input))).status).toBe(409);
    expect((await rejection(getJobsite(api, 201))).status).toBe(404);
    expect((await rejection(updateJobsite(api, 201, input))).status).toBe(404);
  });
});

describe("jobsite people", () => {
  it("reads the company's timesheet entries with their jobsite (reviewers see everyone's)", async () => {
    const now = Date.now();
    const range = {
      from: new Date(now - 7 * 86_400_000).toISOString(),
      to: new Date(now).toISOString(),
    };
    const all = await listTimesheetEntries(await admin(), range);
    expect(all.some((e) => e.jobsite_id !== null)).toBe(true);
    expect(new Set(all.map((e) => e.person.username_id)).size).toBeGreaterThan(1);
    const own = await listTimesheetEntries(await up.signIn("driver", "driver123"), range);
    expect(new Set(own.map((e) => e.person.name)).size).toBe(1);
  });
});

describe("billing", () => {
  it("plans, the subscription with usage, a prorated quote, and a purchase with an invoice", async () => {
    const api = await admin();
    expect((await listPlans(api)).map((p) => p.id)).toEqual([
      "essential",
      "professional",
      "enterprise",
    ]);
    const sub = await getSubscription(api);
    expect(sub.used_devices).toBeGreaterThan(0);
    const q = await getQuote(api, {
      plan_id: sub.plan_id,
      devices: sub.devices + 5,
      users: sub.users,
    });
    expect(q.after_cents - q.before_cents).toBe(5 * 3900);
    expect(q.due_now_cents).toBeGreaterThan(0);
    expect(q.due_now_cents).toBeLessThanOrEqual(5 * 3900);
    const few = await rejection(getQuote(api, { plan_id: sub.plan_id, devices: 1, users: 1 }));
    expect(few.message).toMatch(/^devices must be at least \d+/);
    const priced = await createQuote(api, {
      plan_id: sub.plan_id,
      devices: sub.devices + 5,
      users: sub.users,
    });
    expect(priced.due_now_cents).toBe(q.due_now_cents);
    expect((await rejection(purchase(await other(), priced.id))).status).toBe(404);
    const bought = await purchase(api, priced.id);
    expect((await rejection(purchase(api, priced.id))).status).toBe(404);
    expect(bought.invoice.amount_cents).toBe(q.due_now_cents);
    expect((await getSubscription(api)).devices).toBe(sub.devices + 5);
    expect((await listInvoices(api))[0]!.id).toBe(bought.invoice.id);
  });

  it("one invoice, with the company billed; another company's invoice is a 404", async () => {
    const api = await admin();
    const first = (await listInvoices(api)).at(-1)!;
    expect(await getInvoice(api, first.id)).toEqual({ ...first, company: "Harbour Logistics" });
    expect((await rejection(getInvoice(await other(), first.id))).status).toBe(404);
    expect((await rejection(getInvoice(api, 1))).status).toBe(404);
  });

  it("the card is typed on the provider's page; we get brand, last four and expiry only", async () => {
    const api = await other();
    expect(await getPaymentMethod(api)).toBeNull();
    const sub = await getSubscription(api);
    const noCard = await rejection(
      purchase(api, (await createQuote(api, { ...sub, devices: sub.devices + 1 })).id),
    );
    expect(noCard.status).toBe(409);
    const checkout = await startCheckout(api, "http://app.example/dashboard/payment-details");
    const pageUrl = `${up.sim.url}${checkout.url}`;
    expect((await fetch(pageUrl)).status).toBe(200);
    const refused = await fetch(pageUrl, {
      method: "POST",
      body: new URLSearchParams({ number: "4242 4242 4242 4241", expiry: "12/30", cvc: "123" }),
      redirect: "manual",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Card number is not valid");
    const done = await fetch(pageUrl, {
      method: "POST",
      body: new URLSearchParams({ number: "5555 5555 5555 4444", expiry: "11/29", cvc: "321" }),
      redirect: "manual",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(
      `http://app.example/dashboard/payment-details?checkout=${checkout.id}`,
    );
    const card = await attachCard(api, checkout.id);
    expect(card).toEqual({ brand: "Mastercard", last4: "4444", exp_month: 11, exp_year: 2029 });
    expect(JSON.stringify(await getPaymentMethod(api))).not.toContain("5555555555554444");
    expect((await rejection(attachCard(api, checkout.id))).status).toBe(409);
  });
});
