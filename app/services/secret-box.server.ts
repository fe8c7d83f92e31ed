/**
 * Secrets at rest (upstream tokens in sessions, webhook signing secrets, the VAPID private key):
 * AES-256-GCM with a key from ENCRYPTION_KEY, a comma-separated list, newest first. Values are
 * sealed with the newest key and opened with whichever key of the list sealed them (its id is in
 * the value), so a key can be rotated by putting the new one first and dropping the old one once
 * everything was rewritten.
 *
 *   v1:<key id>:<iv>:<ciphertext + tag>      (base64url parts)
 *
 * The purpose ("session-token", "webhook-secret") is authenticated data: a value sealed for one
 * column does not open as another. A value without the version tag was written before encryption
 * at rest and is read as it is; the next write seals it.
 */
import crypto from "node:crypto";
import { encryptionKeys } from "~/services/env.server";

export type SecretPurpose = "session-token" | "webhook-secret" | "vapid-key";

export class SecretBoxError extends Error {}

type Key = { id: string; key: Buffer };

const SEALED = /^v1:([A-Za-z0-9_-]{8}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22,})$/;

let cache: { list: string; keys: Key[] } | undefined;

function derive(secret: string): Key {
  const key = Buffer.from(
    crypto.hkdfSync("sha256", secret, "tracksmith-secret-box", "aes-256-gcm v1", 32),
  );
  const id = crypto.createHash("sha256").update(key).digest("base64url").slice(0, 8);
  return { id, key };
}

function keys(): Key[] {
  const list = encryptionKeys();
  const joined = list.join(",");
  if (cache?.list !== joined) cache = { list: joined, keys: list.map(derive) };
  return cache.keys;
}

/** True for a value this module wrote (anything else is a plain value from before). */
export function isSealed(value: string): boolean {
  return SEALED.test(value);
}

/** True when `value` is sealed with the newest key of the list (else the next write should seal it). */
export function sealedWithNewest(value: string): boolean {
  return SEALED.exec(value)?.[1] === keys()[0]!.id;
}

export function seal(plain: string, purpose: SecretPurpose): string {
  const { id, key } = keys()[0]!;
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `v1:${id}:${iv.toString("base64url")}:${body.toString("base64url")}`;
}

/** The plain value. Throws SecretBoxError when no key of the list opens it (or it was altered). */
export function open(value: string, purpose: SecretPurpose): string {
  const m = SEALED.exec(value);
  if (!m) return value; // written before encryption at rest
  const [, id, iv, data] = m as unknown as [string, string, string, string];
  const body = Buffer.from(data, "base64url");
  for (const k of keys().filter((k) => k.id === id)) {
    try {
      const decipher = crypto.createDecipheriv("aes-256-gcm", k.key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([
        decipher.update(body.subarray(0, body.length - 16)),
        decipher.final(),
      ]).toString("utf8");
    } catch {
      // altered, or another purpose: try no further
    }
  }
  throw new SecretBoxError(
    `a ${purpose} cannot be decrypted: the key that sealed it is not in ENCRYPTION_KEY`,
  );
}

/** Like open, but null instead of an error (a session whose token cannot be read is signed out). */
export function openOrNull(value: string, purpose: SecretPurpose): string | null {
  try {
    return open(value, purpose);
  } catch {
    return null;
  }
}
