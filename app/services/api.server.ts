import { getEnv } from "~/services/env.server";
import { createUpstream, type Upstream } from "~/services/upstream/index.server";

let base: { url: string; client: Upstream } | undefined;

/** The upstream client for this process, acting with `token` (a user's bearer) or anonymously. */
export function upstream(token: string | null = null): Upstream {
  const env = getEnv();
  const url = env.UPSTREAM_API_URL;
  if (!url)
    throw new Error("UPSTREAM_API_URL is not set: the server sets it before serving requests");
  if (!base || base.url !== url) {
    base = {
      url,
      client: createUpstream({
        baseUrl: url,
        timeoutMs: env.UPSTREAM_TIMEOUT_MS,
        retries: env.UPSTREAM_RETRIES,
        breaker: {
          failureThreshold: env.UPSTREAM_BREAKER_THRESHOLD,
          openMs: env.UPSTREAM_BREAKER_OPEN_MS,
          maxConcurrent: env.UPSTREAM_MAX_CONCURRENT,
        },
      }),
    };
  }
  return base.client.withToken(token);
}
