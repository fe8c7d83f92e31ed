import { startSimulator } from "../../server/sim/index";
import { createUpstream } from "../../app/services/upstream/client.server";
import { iotDevices, login, profile } from "../../app/services/upstream/index.server";

/**
 * The upstream timeout is derived from measured latency: the simulator's p99 for the heaviest
 * read (the device list of a 10,000-device company) and a light one (the profile).
 */
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export default async function run() {
  const sim = await startSimulator({ port: 0, devices: 10_000 });
  try {
    const anon = createUpstream({ baseUrl: sim.url, timeoutMs: 30_000, retries: 0 });
    const r = await login(anon, { username: "admin", password: "admin123" });
    if (!r.ok) throw new Error("login failed");
    const up = anon.withToken(r.token);
    let worst = 0;
    for (const [name, fn, n] of [
      ["profile", () => profile(up), 300],
      ["iotdevices (10,000 devices)", () => iotDevices(up), 40],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        await fn();
        times.push(performance.now() - t);
      }
      worst = Math.max(worst, quantile(times, 0.99));
      console.log(
        `${name}: p50 ${quantile(times, 0.5).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms over ${n} calls`,
      );
    }
    console.log(
      `UPSTREAM_TIMEOUT_MS default 4000 ms = ${(4000 / worst).toFixed(1)}x the heaviest call's p99 (on this machine).`,
    );
  } finally {
    await sim.close();
  }
}
