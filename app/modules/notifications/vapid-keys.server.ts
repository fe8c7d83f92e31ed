/**
 * The VAPID key pair the server signs pushes with, generated on first start and kept in AppSecret
 * "vapid_keys" as {publicKey, privateKey}: the public key as it is (every browser gets it), the
 * private key sealed (secret-box, purpose "vapid-key"). A row from before, with the private key in
 * plain text, or sealed with a key that is no longer ENCRYPTION_KEY's newest, is sealed again on
 * start, so the old key can leave the list after one restart.
 */
import webpush from "web-push";
import { prisma } from "~/services/db.server";
import { open, seal, sealedWithNewest } from "~/services/secret-box.server";

export const VAPID_SECRET = "vapid_keys";
type Keys = { publicKey: string; privateKey: string };

const stored = (k: Keys) =>
  JSON.stringify({ publicKey: k.publicKey, privateKey: seal(k.privateKey, "vapid-key") });

/**
 * The pair in plain, for the process. `kept` is the start-up's kept secret (one row however many
 * processes start at once); a rewrite only replaces the value it read, so two processes sealing
 * the same old row at once leave one sealed value, both with the same key.
 */
export async function keptVapidKeys(
  kept: (name: string, make: () => string) => Promise<string>,
): Promise<Keys> {
  const value = await kept(VAPID_SECRET, () => stored(webpush.generateVAPIDKeys()));
  const row = JSON.parse(value) as Keys;
  const keys = { publicKey: row.publicKey, privateKey: open(row.privateKey, "vapid-key") };
  if (!sealedWithNewest(row.privateKey))
    await prisma.appSecret.updateMany({
      where: { name: VAPID_SECRET, value },
      data: { value: stored(keys) },
    });
  return keys;
}
