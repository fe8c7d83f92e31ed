/**
 * Issue 26, the installation check (installation/{imei}) through its route loaders and action,
 * against PostgreSQL and the simulator: the live steps, the certificate issued only when the device
 * passes now (re-read on the server), its PDF, and the guards (fleet_edit, another company's 404).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/_shell.installation.$imei";
import { loader as pdfLoader } from "~/routes/installation.$imei.certificate.$id";
import { prisma } from "~/services/db.server";
import { certificateCode, printedCode } from "~/modules/operations/certificate-code.server";
import { pdfText } from "../support/pdf";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

let sim: Awaited<ReturnType<typeof useSimulator>>;
let admin = "";
type Page = {
  passed: boolean;
  steps: { id: string; status: string }[];
  certificates: { id: string }[];
};

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
  admin = await sessionCookie("admin", "admin123");
}, 60_000);

const page = async (imei: string, since: number, cookie = admin) => {
  const res = await call(loader, get(`/installation/${imei}?since=${since}`, cookie), {
    params: { imei },
  });
  return { res, data: res.status === 200 ? ((await res.json()) as Page) : null };
};

/** A vehicle of company 1 that passes every step now, with the check started 6 hours ago. */
async function passingVehicle(since: number) {
  for (const d of sim.world.devicesByCompany.get(1)!.filter((x) => !x.sim.stationary)) {
    const { data } = await page(d.imei, since);
    if (data?.passed) return d.imei;
  }
  throw new Error("no vehicle passes every step: the simulator's fleet should have one");
}

describe("installation check", () => {
  it("opening the page starts the check now; the page keeps that start (its forms and address carry it)", async () => {
    const imei = sim.world.devicesByCompany.get(1)![0]!.imei;
    const res = await call(loader, get(`/installation/${imei}`, admin), { params: { imei } });
    expect(res.status).toBe(200);
    const since = ((await res.json()) as { since: number }).since;
    expect(Math.abs(since - Date.now())).toBeLessThan(10_000);
    const { data } = await page(imei, since);
    expect(data!.steps.map((s) => s.id)).toEqual([
      "reporting",
      "gps",
      "ignition",
      "power",
      "odometer",
    ]);
    // Just started: nobody has turned the ignition on and off yet.
    expect(data!.steps.find((s) => s.id === "ignition")!.status).not.toBe("pass");
    expect(data!.passed).toBe(false);
  });

  it("issues a certificate only when every step passes now; its PDF names the device, the installer and a verification code", async () => {
    const justNow = Date.now() - 1000;
    const waiting = sim.world.devicesByCompany.get(1)!.find((d) => !d.sim.stationary)!.imei;
    const refused = await call(
      action,
      formPost(
        `/installation/${waiting}?since=${justNow}`,
        { intent: "issue", installer: "Ivy Installer" },
        { cookie: admin },
      ),
      { params: { imei: waiting } },
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Not every check has passed yet: .*Ignition on and off seen/,
    );

    const since = Date.now() - 6 * 3_600_000 + 60_000;
    const imei = await passingVehicle(since);
    const blank = await call(
      action,
      formPost(
        `/installation/${imei}?since=${since}`,
        { intent: "issue", installer: " " },
        { cookie: admin },
      ),
      { params: { imei } },
    );
    expect(blank.status).toBe(400);
    const issued = await call(
      action,
      formPost(
        `/installation/${imei}?since=${since}`,
        {
          intent: "issue",
          installer: "Ivy Installer",
          notes: "Under the dash, antenna on the windscreen",
        },
        { cookie: admin },
      ),
      { params: { imei } },
    );
    expect(issued.status).toBe(302);
    const cert = await prisma.installationCertificate.findFirstOrThrow({
      where: { imei },
      orderBy: { issuedAt: "desc" },
    });
    expect(cert).toMatchObject({ companyId: 1, installer: "Ivy Installer", issuedBy: 1001 });
    expect((await page(imei, since)).data!.certificates.map((c) => c.id)).toContain(cert.id);

    const pdf = await call(pdfLoader, get(`/installation/${imei}/certificate/${cert.id}`, admin), {
      params: { imei, id: cert.id },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const flat = text.replace(/\s+/g, " ");
    for (const s of [
      "Installation certificate",
      imei,
      "Ivy Installer",
      printedCode(certificateCode(cert)),
      `/verify/${certificateCode(cert)}`,
      "Supply voltage in range",
      "Passed",
      "antenna on the windscreen",
    ])
      expect(flat).toContain(s);
  });

  it("the newly installed device (not yet in the fleet list) is found and passes once the ignition went on and off", async () => {
    const imei = "354800190000007";
    expect(sim.world.devicesByImei.has(imei)).toBe(false);
    const started = await page(imei, Date.now());
    expect(started.res.status).toBe(200);
    expect(started.data!.steps.find((s) => s.id === "ignition")!.status).toBe("waiting");
    expect(started.data!.passed).toBe(false);
    const since = Date.now() - 30_000;
    const done = await page(imei, since);
    expect(done.data!.steps.every((s) => s.status === "pass")).toBe(true);
    const issued = await call(
      action,
      formPost(
        `/installation/${imei}?since=${since}`,
        { intent: "issue", installer: "Ivy Installer" },
        { cookie: admin },
      ),
      { params: { imei } },
    );
    expect(issued.status).toBe(302);
    const cert = await prisma.installationCertificate.findFirstOrThrow({ where: { imei } });
    expect(cert.deviceName).toBe("New install: ute 7");
    // Another company does not see it.
    const otherCo = await sessionCookie("other", "other123");
    expect((await page(imei, since, otherCo)).res.status).toBe(404);
  });

  it("another company's device or certificate is a 404; a user without fleet_edit gets a 403", async () => {
    const since = Date.now() - 60_000;
    const foreign = sim.world.devicesByCompany.get(2)![0]!.imei;
    expect((await page(foreign, since)).res.status).toBe(404);
    const cert = await prisma.installationCertificate.findFirst();
    const own = cert!.imei;
    const otherCo = await sessionCookie("other", "other123");
    const pdf = await call(
      pdfLoader,
      get(`/installation/${own}/certificate/${cert!.id}`, otherCo),
      {
        params: { imei: own, id: cert!.id },
      },
    );
    expect(pdf.status).toBe(404);
    const driver = await sessionCookie("driver", "driver123");
    expect((await page(own, since, driver)).res.status).toBe(403);
  });
});
