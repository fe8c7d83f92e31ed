/**
 * Runs the simulator on its own: `tsx server/sim/cli.ts --port 4010 --devices 10000 --seed 42`.
 * With `--data-dir DIR` every accepted write is kept under DIR/sim (as `npm start` keeps them under
 * $DATA_DIR); without it the world lives in memory. Prints one line with its URL; Ctrl-C stops it.
 */
import { startSimulator } from "./index";

function arg(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n)) {
    console.error(`--${name} needs a number`);
    process.exit(2);
  }
  return n;
}

function textArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  if (!v || v.startsWith("--")) {
    console.error(`--${name} needs a value`);
    process.exit(2);
  }
  return v;
}

const sim = await startSimulator({
  port: arg("port") ?? 4010,
  host: process.argv.includes("--public") ? "0.0.0.0" : "127.0.0.1",
  seed: arg("seed"),
  devices: arg("devices"),
  dataDir: textArg("data-dir"),
  faults: {
    latencyMs: arg("latency"),
    errorRate: arg("error-rate"),
    timeoutRate: arg("timeout-rate"),
  },
}).catch((e: Error) => {
  console.error(`[sim] cannot start: ${e.message}`);
  process.exit(1);
});
const kept = sim.dir
  ? `data in ${sim.dir}, ${sim.restored.replayed} writes replayed` +
    (sim.restored.lost
      ? `, ${sim.restored.lost} record(s) lost (each listed above; the journal as found is kept in ${sim.restored.damagedCopy})`
      : "")
  : "in memory";
console.log(
  `[sim] upstream GPS API simulator listening on ${sim.url} (${sim.world.devices.length} devices, ${kept})`,
);
const stop = () => void sim.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
