import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * `prisma generate` only checks that a schema engine binary exists; the engine itself cannot be
 * downloaded here and generation does not use it, so point it at a placeholder file.
 */
const placeholder = path.resolve(".data/.schema-engine-placeholder");
fs.mkdirSync(path.dirname(placeholder), { recursive: true });
if (!fs.existsSync(placeholder)) fs.writeFileSync(placeholder, "");
execFileSync(
  process.execPath,
  [
    path.resolve("node_modules/prisma/build/index.js"),
    "generate",
    "--schema",
    "prisma/schema.prisma",
  ],
  {
    stdio: process.argv.includes("--quiet") ? "ignore" : "inherit",
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? placeholder,
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  },
);
