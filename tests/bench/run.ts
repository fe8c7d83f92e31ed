import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * `npm run bench`: runs every tests/bench/*.bench.ts in turn (each exports `default async () => void`
 * or runs at import) and prints its figures. `npm run bench -- map` runs only files matching "map".
 */
const dir = path.dirname(new URL(import.meta.url).pathname);
const filter = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts") && (!filter || f.includes(filter)))
  .sort();
if (!files.length) {
  console.error(`No benchmark matches ${filter ?? "*"}`);
  process.exit(1);
}
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = Date.now();
  const mod = await import(pathToFileURL(path.join(dir, file)).href);
  if (typeof mod.default === "function") await mod.default();
  console.log(`(${file}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(0);
