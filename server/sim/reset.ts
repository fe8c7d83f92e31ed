/**
 * `npm run sim:reset [-- --data-dir DIR] [--yes]`: deletes the built-in simulator's data
 * (DIR/sim, DIR defaulting to $DATA_DIR or .data), so the next start has the seeded demo world
 * again. Asks first on a terminal; elsewhere it needs --yes. Stop the app (or `npm run sim`) first.
 */
import fs from "node:fs";
import readline from "node:readline/promises";
import { simDir } from "./store";

const i = process.argv.indexOf("--data-dir");
const dataDir = (i >= 0 ? process.argv[i + 1] : undefined) ?? process.env.DATA_DIR ?? ".data";
const dir = simDir(dataDir);

if (!fs.existsSync(dir)) {
  console.log(`[sim] nothing to reset: ${dir} does not exist`);
  process.exit(0);
}
if (!process.argv.includes("--yes")) {
  if (!process.stdin.isTTY) {
    console.error(`[sim] this deletes ${dir}; run again with --yes to confirm`);
    process.exit(2);
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(
    `Delete the simulator's data in ${dir} (renames, geofences, sign-ups, … made in the demo)? [y/N] `,
  );
  rl.close();
  if (!/^y(es)?$/i.test(answer.trim())) {
    console.log("[sim] nothing deleted");
    process.exit(1);
  }
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(`[sim] deleted ${dir}; the next start has the seeded demo world`);
