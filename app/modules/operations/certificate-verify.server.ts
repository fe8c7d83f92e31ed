/**
 * The public certificate check (/verify/<code>): valid or not, and for a valid one only which
 * device, whose, when and the result. Lookups count per address (a keyed hash of it) in
 * PostgreSQL, VERIFY_LIMIT per 15 minutes, so nobody walks the code space from one address; the
 * code itself has 160 bits of MAC, compared in constant time under every key of the rotation list.
 */
import { consumeOverLimit } from "~/services/rate-limit.server";
import { verifyCertificate, type Verified } from "./certificate-code.server";

export const VERIFY_LIMIT = { points: 60, seconds: 15 * 60 };

export type VerifyPage =
  { state: "valid"; certificate: Verified } | { state: "invalid" } | { state: "limited" };

export async function verifyPage(code: string, address: string): Promise<VerifyPage> {
  const limit = { max: VERIFY_LIMIT.points, windowMs: VERIFY_LIMIT.seconds * 1000 };
  if (await consumeOverLimit("cert-verify", limit, address)) return { state: "limited" };
  const certificate = await verifyCertificate(code);
  return certificate ? { state: "valid", certificate } : { state: "invalid" };
}
