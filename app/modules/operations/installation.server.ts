/**
 * The installation check (installation/{imei}): the live steps of a device being fitted, and the
 * signed certificate issued once every step passes. The server re-reads the device before issuing:
 * a certificate never rests on what the browser last showed.
 */
import type { z } from "zod";
import type { Measurement } from "~/lib/units";
import type { ModuleContext } from "~/services/guard.server";
import { prisma } from "~/services/db.server";
import { upstream } from "~/services/api.server";
import { isUpstreamError, profile } from "~/services/upstream/index.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { listDevices } from "~/modules/fleet/index.server";
import { deviceDiagnostics, newInstalls } from "./diagnostics.server";
import { installationSteps, type Step } from "./installation-checks";
import type { CertificateSchema } from "./certificate-form";

/** How far back a check may start (the upstream keeps ignition changes for 6 hours). */
const MAX_CHECK_MS = 6 * 3_600_000;

/** The device of the company, or 404 (another company's imei looks like an unknown one). */
export async function requireInstallDevice(ctx: ModuleContext, imei: string) {
  const { devices } = await listDevices(ctx.auth);
  // A device fitted today may not be in the fleet list yet.
  const d =
    devices.find((x) => x.imei === imei) ??
    (await newInstalls(upstream(ctx.auth.token))).find((x) => x.imei === imei);
  if (!d) throw new Response("Device not found", { status: 404 });
  return d;
}

/** When the check started (`since`, ms), at most 6 hours back; null when absent or invalid. */
export function checkStart(value: string | null | undefined, now = Date.now()): number | null {
  const raw = Number(value);
  return value && Number.isInteger(raw) && raw <= now && now - raw <= MAX_CHECK_MS ? raw : null;
}

async function readSteps(
  ctx: ModuleContext,
  imei: string,
  since: number,
  measurement: Measurement,
) {
  const now = Date.now();
  try {
    const diag = await deviceDiagnostics(upstream(ctx.auth.token), imei, since);
    return { ...installationSteps(diag, { now, measurement }), unavailable: false, at: now };
  } catch (e) {
    if (isUpstreamError(e) && e.kind === "http" && e.status === 404)
      throw new Response("Device not found", { status: 404 });
    // The tracking service is down: say so, pass nothing.
    return { steps: [] as Step[], passed: false, unavailable: true, at: now };
  }
}

export async function installationPage(
  ctx: ModuleContext,
  imei: string,
  since: number,
  measurement: Measurement,
) {
  const device = await requireInstallDevice(ctx, imei);
  const [check, certificates, timeZone] = await Promise.all([
    readSteps(ctx, imei, since, measurement),
    prisma.installationCertificate.findMany({
      where: { companyId: ctx.companyId, imei },
      orderBy: { issuedAt: "desc" },
      take: 10,
      select: { id: true, installer: true, issuedAt: true },
    }),
    companyTimeZone(ctx.auth),
  ]);
  return {
    device: { imei: device.imei, nickname: device.nickname },
    since,
    timeZone,
    ...check,
    certificates: certificates.map((c) => ({ ...c, issuedAt: c.issuedAt.toISOString() })),
  };
}

/** Issues the certificate if the device passes now; otherwise says which step does not. */
export async function issueCertificate(
  ctx: ModuleContext,
  imei: string,
  since: number,
  input: z.infer<typeof CertificateSchema>,
  measurement: Measurement,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const device = await requireInstallDevice(ctx, imei);
  const check = await readSteps(ctx, imei, since, measurement);
  if (check.unavailable)
    return { ok: false, message: "The tracking service is not answering: try again shortly." };
  const failing = check.steps.filter((s) => s.status === "fail" || s.status === "waiting");
  if (failing.length)
    return {
      ok: false,
      message: `Not every check has passed yet: ${failing.map((s) => s.title).join("; ")}.`,
    };
  // Printed and signed with the rest; a profile the upstream cannot give now leaves it blank.
  const companyName = await profile(upstream(ctx.auth.token)).then(
    (p) => (p.companyid === ctx.companyId ? (p.company_name ?? "") : ""),
    () => "",
  );
  const cert = await prisma.installationCertificate.create({
    data: {
      companyId: ctx.companyId,
      companyName,
      imei,
      deviceName: device.nickname,
      installer: input.installer,
      notes: input.notes,
      checks: check.steps,
      issuedBy: ctx.user.username_id,
    },
    select: { id: true },
  });
  return { ok: true, id: cert.id };
}

/** A certificate of the company's device, or 404. */
export async function requireCertificate(ctx: ModuleContext, imei: string, id: string) {
  const cert = await prisma.installationCertificate.findFirst({
    where: { id, imei, companyId: ctx.companyId },
  });
  if (!cert) throw new Response("Certificate not found", { status: 404 });
  return cert;
}
