import { afterAll } from "vitest";
import { startSimulator, type SimOptions, type Simulator } from "../../server/sim/index";
import { upstream } from "~/services/api.server";
import { resetEnvCache } from "~/services/env.server";
import * as up from "~/services/upstream/index.server";

/**
 * Starts the simulator for this test file and points the app's upstream client at it. In memory
 * unless `options.dataDir` is given (then its writes are kept there, as `npm start` keeps them).
 */
export async function useSimulator(options: SimOptions = {}): Promise<Simulator> {
  const sim = await startSimulator({ port: 0, ...options });
  pointAppAt(sim.url);
  afterAll(() => sim.close());
  return sim;
}

/** Points the app's upstream client at `url` (for tests that stop and start simulators themselves). */
export function pointAppAt(url: string) {
  process.env.UPSTREAM_API_URL = url;
  resetEnvCache();
}

/** A company's upstream token, signed in directly against the simulator (service-level tests). */
export async function upstreamAuth(
  username: string,
  password: string,
): Promise<{ token: string; companyId: number }> {
  const r = await up.login(upstream(null), { username, password });
  if (!r.ok) throw new Error(`sign-in failed for ${username}`);
  return { token: r.token, companyId: r.user.companyid };
}
