import { expect } from "vitest";
import { login } from "~/services/upstream/calls.server";
import type { Upstream } from "~/services/upstream/client.server";
import { UpstreamError } from "~/services/upstream/errors";

/** The contract tests' client for one user: the base client with that user's token. */
export async function signedIn(base: Upstream, username: string, password: string): Promise<Upstream> {
  const r = await login(base, { username, password });
  if (!r.ok) throw new Error(`cannot sign in ${username}`);
  return base.withToken(r.token);
}

/** The UpstreamError a call rejects with (fails the test when it resolves or throws something else). */
export async function rejection(p: Promise<unknown>): Promise<UpstreamError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(UpstreamError);
  return e as UpstreamError;
}
