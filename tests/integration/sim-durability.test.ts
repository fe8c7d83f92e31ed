/**
 * Issue 14: with the built-in simulator as the system of record, what a user does through the
 * app survives a restart of the simulator on the same data directory, also after the app's next
 * full sync (devices) and after its trip cache has gone stale (logbook), which is when a
 * forgetful upstream used to undo it.
 *
 * Issue 37: when the upstream does lose writes (`npm run sim:reset`, a journal that lost its last
 * record), our rows that name its objects by number must not act on whatever takes the number next.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "../../server/sim/index";
import { simDir } from "../../server/sim/store";
import { action as linkAction, loader as linkLoader } from "~/routes/tickets.approve.$token";
import { getTicket, listTicketTypes } from "~/modules/tickets/upstream.server";
import { createFormLink } from "~/modules/forms/form-links.server";
import { forwardSubmission } from "~/modules/forms/form-forwarding.server";
import { createForm, listFormSubmissions, publishForm } from "~/modules/forms/upstream.server";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { action as companySettingsAction } from "~/routes/dashboard.company_settings";
import { action as loginAction } from "~/routes/login";
import { action as recoverAction } from "~/routes/recoverAccount";
import { action as registerAction } from "~/routes/register";
import { loadCompanyFeatures } from "~/modules/account/account.server";
import { getAuth } from "~/services/auth.server";
import { syncDevices } from "~/modules/fleet/devices-sync.server";
import { listDevices } from "~/modules/fleet/devices-read.server";
import { renameDevice, saveDeviceGeofence } from "~/modules/fleet/devices-write.server";
import { changeTripPurpose, loadLogbook } from "~/modules/trips/logbook.server";
import { getTrips } from "~/modules/trips/trips.server";
import { FRESH_MS } from "~/modules/trips/trip-cache.server";
import { useTestDatabase } from "../support/db";
import { raiseTicket } from "../support/tickets";
import { call, cookieFrom, formPost, get } from "../support/remix";
import { pointAppAt, upstreamAuth } from "../support/upstream";

const IMEI = "354800100000002";
const FENCED = "354800100000003";
const EMAIL = `durable-${Date.now()}@example.test`;
let dataDir = "";
let sim: Simulator;

async function startSim(port = 0) {
  sim = await startSimulator({ port, seed: 42, dataDir });
  pointAppAt(sim.url);
  return sim;
}

beforeAll(async () => {
  await useTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tracksmith-data-"));
  await startSim();
});
afterAll(async () => {
  await sim?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(username: string, password: string, address = "192.0.2.70") {
  return call(loginAction, formPost("/login", { username, password }), { clientAddress: address });
}

describe("the built-in upstream keeps what users do", () => {
  it("finds every write made through the app after a restart, and after the next full sync", async () => {
    const admin = await upstreamAuth("admin", "admin123");
    const now = Date.now();
    const window = { from: now - 7 * 86_400_000, to: now };

    // A device rename and a geofence (the vehicle page's actions).
    await renameDevice(admin, IMEI, "Survives restarts");
    await saveDeviceGeofence(admin, FENCED, { lat: -27.47, lng: 153.02, meters: 640 });

    // A logbook purpose change.
    const { entries } = await loadLogbook(admin, IMEI, window);
    const entry = entries[0]!;
    expect(entry).toBeDefined();
    const purpose = entry.purpose === "business" ? "private" : "business";
    await changeTripPurpose(admin, entry.id, purpose, "Kept after restart");

    // A sign-up, then a password change through a recovery link.
    const registered = await call(
      registerAction,
      formPost("/register", {
        first_name: "Dura",
        last_name: "Ble",
        email: EMAIL,
        password: "first-pw-123",
      }),
      { clientAddress: "198.51.100.90" },
    );
    expect(registered.status).toBe(302);
    const owner = cookieFrom(registered);
    const reset = await fetch(`${sim.url}/__sim/reset-token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: EMAIL }),
    }).then((r) => r.json() as Promise<{ token: string }>);
    const recovered = await call(
      recoverAction,
      formPost("/recoverAccount", { intent: "token", token: reset.token }),
    );
    expect(recovered.status).toBe(200);
    const recovery = cookieFrom(recovered);
    const changed = await call(
      recoverAction,
      formPost(
        "/recoverAccount",
        { intent: "reset", password: "second-pw-456" },
        { cookie: recovery },
      ),
    );
    expect(await changed.json()).toMatchObject({ step: "reset", ok: true });

    // Company settings: the new company turns dashcam off.
    const keep = (await import("~/modules/account/schemas")).KNOWN_FEATURES.filter(
      (f) => f !== "dashcam",
    );
    const form = new URLSearchParams([...keep.map((f) => ["features", f]), ["confirm", "yes"]]);
    const saved = await call(
      companySettingsAction,
      new Request("http://localhost:3000/dashboard/company_settings", {
        method: "POST",
        body: form,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "http://localhost:3000",
          cookie: owner,
        },
      }),
    );
    expect(saved.status).toBe(302);

    // Stop the simulator and start it again on the same data directory (and port, as the app's
    // configuration has it).
    const port = sim.port;
    await sim.close();
    await startSim(port);
    expect(sim.restored.replayed).toBeGreaterThanOrEqual(6);

    // Devices: the next full sync reads the upstream again, and the writes are there.
    await syncDevices(admin, { full: true });
    const devices = (await listDevices(admin)).devices;
    expect(devices.find((d) => d.imei === IMEI)?.nickname).toBe("Survives restarts");
    const fenced = sim.world.devicesByImei.get(FENCED)!;
    expect([fenced.geofence_gps, fenced.geofence_meters]).toEqual(["-27.47,153.02", 640]);
    expect(devices.find((d) => d.imei === FENCED)).toMatchObject({
      geofenceGps: "-27.47,153.02",
      geofenceMeters: 640,
    });

    // Trips: once the cached range is stale the app asks the upstream again; the purpose stays.
    const later = Date.now() + FRESH_MS + 60_000;
    const again = await getTrips(admin, [IMEI], window.from, window.to, "logbook", later);
    expect(again.fetched).toBe(1);
    expect(again.trips.find((t) => t.id === entry.id)).toMatchObject({
      purpose,
      description: "Kept after restart",
    });

    // The sign-up and its new password; the old one no longer signs in.
    expect((await signIn(EMAIL, "first-pw-123")).status).not.toBe(302);
    const back = await signIn(EMAIL, "second-pw-456", "192.0.2.71");
    expect(back.status).toBe(302);
    const auth = (await getAuth(get("/", cookieFrom(back))))!;
    const { features, source } = await loadCompanyFeatures(auth);
    expect(source).toBe("upstream");
    expect(features.dashcam).toBe(false);
    expect(features.reporting).toBe(true);
  });
});

describe("an upstream that lost writes", () => {
  const linksOf = (ticketId: number) =>
    prisma.ticketApprovalLink.findMany({
      where: { companyId: 1, ticketId },
      orderBy: { createdAt: "asc" },
    });

  it("an e-mailed approval link whose ticket number was given again after a reset says the request is gone, and the new ticket's approver is told", async () => {
    const signedIn = async () => cookieFrom(await signIn("admin", "admin123", "192.0.2.72"));
    const typeOf = async () =>
      (await listTicketTypes(upstream((await upstreamAuth("admin", "admin123")).token))).find(
        (t) => t.name === "Vehicle repair",
      )!.id;
    const before = await raiseTicket(await signedIn(), await typeOf(), "Lost in the reset");
    const [old] = await linksOf(before);
    expect(old).toBeDefined();

    // `npm run sim:reset` while the app's own database keeps everything.
    const port = sim.port;
    await sim.close();
    fs.rmSync(simDir(dataDir), { recursive: true, force: true });
    await startSim(port);

    const cookie = await signedIn();
    const after = await raiseTicket(cookie, await typeOf(), "Took the number");
    expect(after).toBe(before);
    const admin = await upstreamAuth("admin", "admin123");
    const ticket = await getTicket(upstream(admin.token), after);
    expect(ticket.title).toBe("Took the number");

    // The old link: the request it was for no longer exists; it does not act on the new ticket.
    const page = await call(linkLoader, get(`/tickets/approve/${old!.id}`), {
      params: { token: old!.id },
    });
    expect(page.status).toBe(410);
    expect(await page.json()).toMatchObject({
      problem: "gone",
      message: expect.stringMatching(/no longer exists/),
    });
    const post = await call(
      linkAction,
      formPost(`/tickets/approve/${old!.id}`, { decision: "approve", comment: "" }),
      { params: { token: old!.id } },
    );
    expect(post.status).toBe(410);
    expect((await getTicket(upstream(admin.token), after)).decisions).toEqual([]);
    expect(
      (await prisma.ticketApprovalLink.findUniqueOrThrow({ where: { id: old!.id } })).goneAt,
    ).not.toBeNull();

    // The new ticket's approver has a link of their own (the old one did not count as "told").
    const links = await linksOf(after);
    expect(links).toHaveLength(2);
    const fresh = links.find((l) => l.id !== old!.id)!;
    expect(fresh.ticketCreatedAt?.getTime()).toBe(ticket.created_at);
    expect(
      await prisma.outboxMessage.count({ where: { key: `ticket-approval:${fresh.id}` } }),
    ).toBe(1);

    // The new link works on its own ticket.
    const ok = await call(linkLoader, get(`/tickets/approve/${fresh.id}`), {
      params: { token: fresh.id },
    });
    expect(ok.status).toBe(200);
  });

  it("answers given through a form link are never filed under another form that took the form's number after a reset", async () => {
    const draft = {
      description: "",
      fields: [{ id: "note", label: "Note", type: "text", required: false }],
    };
    const made = async (title: string) => {
      const up = upstream((await upstreamAuth("admin", "admin123")).token);
      const form = await createForm(up, { ...draft, title });
      await publishForm(up, form.id);
      return form.id;
    };
    const formId = await made("Site induction");
    const link = await createFormLink(await upstreamAuth("admin", "admin123"), 1001, {
      formId,
      label: "Gate QR code",
      minutes: 1440,
    });

    const port = sim.port;
    await sim.close();
    fs.rmSync(simDir(dataDir), { recursive: true, force: true });
    await startSim(port);
    await signIn("admin", "admin123", "192.0.2.73");
    expect(await made("Chemical register")).toBe(formId);

    // Answers given through the old link (kept here first, then forwarded).
    const row = await prisma.formSubmission.create({
      data: { linkId: link.id, companyId: 1, formId, answers: { note: "hello" }, addressKey: "k" },
    });
    expect(await forwardSubmission(row.id)).toBe("rejected");
    const kept = await prisma.formSubmission.findUniqueOrThrow({ where: { id: row.id } });
    expect(kept.lastError).toMatch(/no longer exists/);
    expect(
      await listFormSubmissions(upstream((await upstreamAuth("admin", "admin123")).token), formId),
    ).toEqual([]);
    expect(
      (await prisma.formLink.findUniqueOrThrow({ where: { id: link.id } })).revokedAt,
    ).not.toBeNull();
  });
});
