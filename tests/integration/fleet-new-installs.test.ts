/**
 * Issue 26: the fleet page's "New installs awaiting their check" panel. The simulator's newly
 * installed device is not in the fleet list; the panel offers its installation check to users with
 * fleet_edit, then says "Checked" with the certificate's date once one was issued through the check.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as fleetLoader } from "~/routes/dashboard.fleet";
import { action as installAction } from "~/routes/_shell.installation.$imei";
import { prisma } from "~/services/db.server";
import { truncate, useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

const IMEI = "354800190000007";
let url = "";
let admin = "";
let sim: Awaited<ReturnType<typeof useSimulator>>;

type Fleet = {
  rows: { imei: string }[];
  newInstalls: { imei: string; nickname: string; installedAt: string; checkedAt: string | null }[];
};

beforeAll(async () => {
  url = await useTestDatabase();
  sim = await useSimulator();
  admin = await sessionCookie("admin", "admin123");
}, 60_000);
beforeEach(async () => {
  await truncate(url, ["InstallationCertificate"]);
  sim.setFaults({ failPaths: [] });
});

async function fleet(cookie: string) {
  const res = await call(fleetLoader, get("/dashboard/fleet", cookie));
  expect(res.status).toBe(200);
  return (await res.json()) as Fleet;
}

describe("new installs on the fleet page", () => {
  it("lists the new device, absent from the fleet list, with when it was installed", async () => {
    const data = await fleet(admin);
    expect(data.newInstalls).toEqual([
      {
        imei: IMEI,
        nickname: "New install: ute 7",
        installedAt: expect.any(String),
        checkedAt: null,
      },
    ]);
    const installed = Date.parse(data.newInstalls[0]!.installedAt);
    expect(installed).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - installed).toBeLessThan(86_400_000);
    expect(data.rows.map((r) => r.imei)).not.toContain(IMEI);
  });

  it("says Checked with the certificate's date once the check issued one; another company's certificate does not count", async () => {
    await prisma.installationCertificate.create({
      data: {
        companyId: 2,
        imei: IMEI,
        deviceName: "Foreign",
        installer: "Someone else",
        checks: [],
        issuedBy: 2001,
      },
    });
    expect((await fleet(admin)).newInstalls[0]!.checkedAt).toBeNull();

    // The check, started 30 s ago: the new device saw its ignition on and off by now.
    const since = Date.now() - 30_000;
    const issued = await call(
      installAction,
      formPost(
        `/installation/${IMEI}?since=${since}`,
        { intent: "issue", since: String(since), installer: "Ivy Installer" },
        { cookie: admin },
      ),
      { params: { imei: IMEI } },
    );
    expect(issued.status).toBe(302);
    const cert = await prisma.installationCertificate.findFirstOrThrow({
      where: { imei: IMEI, companyId: 1 },
    });
    const [row] = (await fleet(admin)).newInstalls;
    expect(row).toMatchObject({ imei: IMEI, checkedAt: cert.issuedAt.toISOString() });
  });

  it("is empty for users without fleet_edit and for another company", async () => {
    const driver = await sessionCookie("driver", "driver123");
    expect((await fleet(driver)).newInstalls).toEqual([]);
    const other = await sessionCookie("other", "other123");
    expect((await fleet(other)).newInstalls).toEqual([]);
  });

  it("the fleet page still loads, with the last list it had, when the tracking service stops answering the installs call", async () => {
    const before = (await fleet(admin)).newInstalls;
    expect(before.length).toBeGreaterThan(0);
    sim.setFaults({ failPaths: ["/devices/installs"] });
    const data = await fleet(admin);
    expect(data.newInstalls).toEqual(before);
    expect(data.rows.length).toBeGreaterThan(0);
  });
});
