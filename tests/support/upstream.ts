import { afterAll } from "vitest";
import { startSimulator, type SimOptions, type Simulator } from "../../server/sim/index";
import { resetEnvCache } from "~/services/env.server";

/** Starts the simulator for this test file and points the app's upstream client at it. */
export async function useSimulator(options: SimOptions = {}): Promise<Simulator> {
  const sim = await startSimulator({ port: 0, ...options });
  process.env.UPSTREAM_API_URL = sim.url;
  resetEnvCache();
  afterAll(() => sim.close());
  return sim;
}
