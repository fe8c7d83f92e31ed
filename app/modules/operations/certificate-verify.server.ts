/**
 * The public certificate check (/verify/<code>): valid or not, and for a valid one only which
 * device, whose, when and the result. Lookups count per address (a keyed hash of it) in
 * PostgreSQL, VERIFY_LIMIT per 15 minutes, so nobody walks the code space from one address; the
 * code itself has 160 bits of MAC, compared in constant time under every key of the rotation list.
 */
import crypto from "node:crypto";
import { RateLimiterPrisma } from "rate-limiter-flexible";
import { appSecrets } from "~/services/env.server";
import { prisma } from "~/services/db.server";
import { singleton } from "~/services/singleton.server";
import { verifyCertificate, type Verified } from "./certificate-code.server";

export const VERIFY_LIMIT = { points: 60, seconds: 15 * 60 };

const limiter = () =>
  singleton(
    "certificate-verify-limiter",
    () =>
      new RateLimiterPrisma({
        storeClient: prisma,
        tableName: "rateLimit",
        keyPrefix: "cert-verify",
        points: VERIFY_LIMIT.points,
        duration: VERIFY_LIMIT.seconds,
        clearExpiredByTimeout: false, // the clean-up job prunes expired rows
      }),
  );

const addressKey = (address: string) =>
  crypto
    .createHmac("sha256", `cert-verify:${appSecrets()[0]!}`)
    .update(address)
    .digest("base64url")
    .slice(0, 32);

export type VerifyPage =
  { state: "valid"; certificate: Verified } | { state: "invalid" } | { state: "limited" };

export async function verifyPage(code: string, address: string): Promise<VerifyPage> {
  const over = await limiter()
    .consume(addressKey(address))
    .then(
      () => false,
      (e: unknown) => {
        if (e instanceof Error) throw e; // the database, not the limit
        return true;
      },
    );
  if (over) return { state: "limited" };
  const certificate = await verifyCertificate(code);
  return certificate ? { state: "valid", certificate } : { state: "invalid" };
}
