/**
 * Issue 36, finding 4: the installation certificate's code was an HMAC of id, IMEI, date and
 * installer only, cut to 48 bits, and nothing checked it. Now every printed field is signed (160
 * bits kept) and the public /verify/<code> page says valid or not: a genuine certificate verifies,
 * one with any field changed or a made-up code does not, one signed before a secret rotation still
 * does while its key is kept, and lookups are limited per address.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  canonicalCertificate,
  certificateCode,
} from "~/modules/operations/certificate-code.server";
import { VERIFY_LIMIT } from "~/modules/operations/certificate-verify.server";
import { PUBLIC_ROUTES } from "~/modules/index";
import { loader } from "~/routes/verify.$code";
import { prisma } from "~/services/db.server";
import { resetEnvCache } from "~/services/env.server";
import { matchPattern } from "~/lib/menu";
import { useTestDatabase } from "../support/db";
import { call, get } from "../support/remix";

beforeAll(async () => {
  await useTestDatabase();
}, 60_000);

const secretBefore = process.env.SESSION_SECRET;
afterEach(() => {
  if (secretBefore === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = secretBefore;
  resetEnvCache();
});
const useSecrets = (list: string) => {
  process.env.SESSION_SECRET = list;
  resetEnvCache();
};

const CHECKS = [
  { id: "fix", title: "A fresh position", status: "pass", detail: "Last report 1 min ago." },
  { id: "volt", title: "Supply voltage in range", status: "pass", detail: "12.8 V." },
];
let n = 0;
const issue = (over: Partial<{ notes: string; companyName: string }> = {}) =>
  prisma.installationCertificate.create({
    data: {
      companyId: 1,
      companyName: "Harbour Logistics",
      imei: "354800100000009",
      deviceName: `Van ${++n}`,
      installer: "Ivy Installer",
      notes: "Under the dash",
      checks: CHECKS,
      issuedBy: 1001,
      ...over,
    },
  });
const verify = (code: string, clientAddress = "198.51.100.7") =>
  call(loader, get(`/verify/${code}`), { params: { code }, clientAddress });

describe("installation certificate verification", () => {
  it("is a public page declared in the manifest", () => {
    expect(PUBLIC_ROUTES.some((r) => matchPattern(r.pattern, "/verify/abc.def"))).toBe(true);
  });

  it("says valid for a genuine certificate: device, company, date and result, nothing more", async () => {
    const cert = await issue();
    const code = certificateCode(cert);
    expect(code).toMatch(/^[a-z0-9]+\.[0-9a-f]{40}$/); // 160 bits of MAC
    const res = await verify(code);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      state: "valid",
      certificate: {
        deviceName: cert.deviceName,
        imei: "354800100000009",
        companyName: "Harbour Logistics",
        issuedAt: cert.issuedAt.toISOString(),
        result: "Every check passed",
      },
    });
  });

  it("signs every printed field: a change to any of them makes the code invalid", async () => {
    const cert = await issue();
    const code = certificateCode(cert);
    const changes = [
      { notes: "Behind the glovebox" },
      { companyName: "Other Co" },
      { deviceName: "Van 999" },
      { installer: "Mallory" },
      { imei: "354800100000010" },
      { issuedAt: new Date(cert.issuedAt.getTime() + 1000) },
      { checks: [CHECKS[0], { ...CHECKS[1], status: "fail" }] },
      { checks: [CHECKS[0], { ...CHECKS[1], detail: "9.1 V." }] },
    ];
    for (const data of changes) {
      await prisma.installationCertificate.update({ where: { id: cert.id }, data });
      expect((await verify(code)).status, JSON.stringify(data)).toBe(404);
      await prisma.installationCertificate.update({
        where: { id: cert.id },
        data: {
          notes: cert.notes,
          companyName: cert.companyName,
          deviceName: cert.deviceName,
          installer: cert.installer,
          imei: cert.imei,
          issuedAt: cert.issuedAt,
          checks: CHECKS,
        },
      });
      expect((await verify(code)).status).toBe(200);
    }
    // The serialisation cannot be shifted between fields.
    const a = canonicalCertificate({ ...cert, installer: "A|B", notes: "C" });
    const b = canonicalCertificate({ ...cert, installer: "A", notes: "B|C" });
    expect(a).not.toBe(b);
  });

  it("refuses a made-up code, another certificate's MAC and a malformed one", async () => {
    const [one, two] = [await issue(), await issue()];
    const mac = certificateCode(two).split(".")[1]!;
    for (const code of [
      `${one.id}.${"0".repeat(40)}`,
      `${one.id}.${mac}`,
      `${"c".repeat(25)}.${mac}`,
      certificateCode(one).slice(0, -1),
      "nonsense",
    ]) {
      const res = await verify(code);
      expect(res.status, code).toBe(404);
      expect(await res.json()).toEqual({ state: "invalid" });
    }
  });

  it("verifies a certificate signed with an older key while that key is in the rotation list", async () => {
    useSecrets("old-secret-0123456789abcdef0123456789abcdef");
    const cert = await issue();
    const code = certificateCode(cert);
    useSecrets(
      "new-secret-0123456789abcdef0123456789abcdef,old-secret-0123456789abcdef0123456789abcdef",
    );
    expect((await verify(code)).status).toBe(200);
    expect(certificateCode(cert)).not.toBe(code); // new copies are signed with the newest key
    expect((await verify(certificateCode(cert))).status).toBe(200);
    useSecrets("new-secret-0123456789abcdef0123456789abcdef");
    expect((await verify(code)).status).toBe(404);
  });

  it("limits lookups per address (429 with Retry-After); another address is not held back", async () => {
    const code = certificateCode(await issue());
    for (let i = 0; i < VERIFY_LIMIT.points; i++)
      expect((await verify(code, "192.0.2.55")).status).toBe(200);
    const limited = await verify(code, "192.0.2.55");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await verify(code, "192.0.2.56")).status).toBe(200);
  });
});
