/**
 * Runs the simulator on its own: `tsx server/sim/cli.ts --port 4010 --devices 10000 --seed 42`.
 * Prints one line with its URL; Ctrl-C stops it.
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

const sim = await startSimulator({
  port: arg("port") ?? 4010,
  host: process.argv.includes("--public") ? "0.0.0.0" : "127.0.0.1",
  seed: arg("seed"),
  devices: arg("devices"),
  faults: {
    latencyMs: arg("latency"),
    errorRate: arg("error-rate"),
    timeoutRate: arg("timeout-rate"),
  },
});
console.log(
  `[sim] upstream GPS API simulator listening on ${sim.url} (${sim.world.devices.length} devices)`,
);
const stop = () => void sim.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
