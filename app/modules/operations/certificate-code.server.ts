/**
 * The code that makes an installation certificate checkable: an HMAC-SHA256 (160 bits kept) over
 * every field the certificate prints, in one canonical serialisation, under the app's secret
 * rotation list (SESSION_SECRET, newest first). `/verify/<code>` (public) recomputes it with every
 * key of the list, so a certificate signed before a rotation still verifies while its key is kept,
 * and a copy with any printed field changed, or a made-up code, does not.
 */
import crypto from "node:crypto";
import { appSecrets } from "~/services/env.server";
import { prisma } from "~/services/db.server";
import type { Step } from "./installation-checks";

export type SignedCertificate = {
  id: string;
  companyId: number;
  companyName: string;
  imei: string;
  deviceName: string;
  installer: string;
  notes: string;
  checks: unknown;
  issuedAt: Date;
};

const MAC_HEX = 40; // 160 bits
const CODE = /^([a-z0-9]{20,40})\.([0-9a-f]{40})$/;

/**
 * Every printed field, in a fixed order, as a JSON array of strings: no key order (PostgreSQL's
 * jsonb reorders object keys) and no separator a field could contain can make two certificates
 * serialise alike.
 */
export function canonicalCertificate(c: SignedCertificate): string {
  const steps = (Array.isArray(c.checks) ? (c.checks as Step[]) : []).map((s) => [
    String(s.id),
    String(s.title),
    String(s.status),
    String(s.detail),
  ]);
  return JSON.stringify([
    "tracksmith installation certificate v2",
    c.id,
    String(c.companyId),
    c.companyName,
    c.imei,
    c.deviceName,
    c.installer,
    c.notes,
    c.issuedAt.toISOString(),
    steps,
  ]);
}

function mac(c: SignedCertificate, secret: string): string {
  return crypto
    .createHmac("sha256", `installation-certificate:v2:${secret}`)
    .update(canonicalCertificate(c))
    .digest("hex")
    .slice(0, MAC_HEX);
}

/** The code printed on the certificate (and in its /verify/ address), under the newest key. */
export function certificateCode(c: SignedCertificate, secrets = appSecrets()): string {
  return `${c.id}.${mac(c, secrets[0]!)}`;
}

/** The code shown to a person: the same characters in groups (the address takes the plain one). */
export const printedCode = (code: string) => {
  const [id, m] = code.split(".");
  return `${id} · ${m!.match(/.{1,8}/g)!.join(" ")}`;
};

/** True when `code` is this certificate's under any key of the list (every key tried, in constant time). */
export function codeMatches(c: SignedCertificate, code: string, secrets = appSecrets()): boolean {
  const given = Buffer.from(code.padEnd(80, " ").slice(0, 80));
  let ok = 0;
  for (const secret of secrets) {
    const want = Buffer.from(certificateCode(c, [secret]).padEnd(80, " ").slice(0, 80));
    ok |= Number(crypto.timingSafeEqual(given, want) && code.length <= 80);
  }
  return ok === 1;
}

export type Verified = {
  deviceName: string;
  imei: string;
  companyName: string;
  issuedAt: string;
  result: string;
};

/** What the public page may say of a genuine certificate, or null for any other code. */
export async function verifyCertificate(code: string): Promise<Verified | null> {
  const m = CODE.exec(code);
  if (!m) return null;
  const row = await prisma.installationCertificate.findUnique({ where: { id: m[1]! } });
  if (!row || !codeMatches(row, code)) return null;
  const steps = Array.isArray(row.checks) ? (row.checks as Step[]) : [];
  return {
    deviceName: row.deviceName,
    imei: row.imei,
    companyName: row.companyName,
    issuedAt: row.issuedAt.toISOString(),
    result: steps.every((s) => s.status === "pass" || s.status === "na")
      ? "Every check passed"
      : "Not every check passed",
  };
}
