import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { login } from "~/services/upstream/index.server";
import { createUpstream, type Upstream } from "~/services/upstream/client.server";
import { UpstreamError } from "~/services/upstream/errors";
import { resetBreakers } from "~/services/upstream/resilience";
import { startSimulator, type Simulator } from "../../server/sim/index";

/** The contract tests' client for one user: the base client with that user's token. */
export async function signedIn(
  base: Upstream,
  username: string,
  password: string,
): Promise<Upstream> {
  const r = await login(base, { username, password });
  if (!r.ok) throw new Error(`cannot sign in ${username}`);
  return base.withToken(r.token);
}

/** The UpstreamError a call rejects with (fails the test when it resolves or throws something else). */
export async function rejection(p: Promise<unknown>): Promise<UpstreamError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UpstreamError);
  return e as UpstreamError;
}

/**
 * A seeded simulator and a quick-failing client for one contract test file, with faults and
 * circuit breakers reset before each test. Read `sim` and `base` inside tests (set in beforeAll).
 */
export function useContractSimulator() {
  const ctx = {} as {
    sim: Simulator;
    base: Upstream;
    signIn: (username: string, password: string) => Promise<Upstream>;
  };
  beforeAll(async () => {
    ctx.sim = await startSimulator({ port: 0, seed: 42 });
    ctx.base = createUpstream({
      baseUrl: ctx.sim.url,
      timeoutMs: 2000,
      retries: 1,
      backoffBaseMs: 5,
      backoffCapMs: 20,
    });
    ctx.signIn = (username, password) => signedIn(ctx.base, username, password);
  });
  afterAll(() => ctx.sim.close());
  beforeEach(() => {
    resetBreakers();
    ctx.sim.setFaults({
      latencyMs: 0,
      errorRate: 0,
      timeoutRate: 0,
      down: false,
      failPaths: [],
      errorBody: "json",
    });
  });
  return ctx;
}
