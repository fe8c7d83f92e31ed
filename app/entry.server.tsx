import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { securityHeaders } from "~/services/security-headers.server";
import { logError } from "~/services/log.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/services/db-unavailable.server";
import { cachedPage, keepPage, reusablePageKey } from "~/services/page-cache.server";

// The server (server/http.ts, server/jobs/worker.ts) takes these from the build, so requests, the
// map data endpoint and background jobs share one instance of every module and its state.
export { serveMapData } from "~/modules/fleet/map-data.server";
export { healthy } from "~/services/health.server";
export { registerJobs } from "~/modules/jobs.server";
export { pageCacheStats } from "~/services/page-cache.server";
export { keepPromises } from "~/services/route-promises.server";
export { bodyAdmission } from "~/services/body-admission.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  if (responseStatusCode === 503 || unavailable.has(request)) {
    // PostgreSQL down or too slow (db-unavailable.server.ts): the error page, with when to retry.
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  }
  const reuse = reusablePageKey(request, responseStatusCode, remixContext);
  const headers = () => {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    for (const [k, v] of Object.entries(securityHeaders(nonce, new URL(request.url).pathname))) {
      // A page opened by a secret link keeps its own policy (public-page-headers.ts).
      if (k === "Referrer-Policy" && responseHeaders.has(k)) continue;
      responseHeaders.set(k, v);
    }
    return responseHeaders;
  };
  if (reuse) {
    const html = cachedPage(reuse.key, nonce);
    if (html !== null) return new Response(html, { headers: headers(), status: 200 });
  }
  const callback =
    reuse || isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY}
          nonce={nonce}
        />
      </NonceProvider>,
      {
        nonce,
        [callback]() {
          shellRendered = true;
          const body = new PassThrough();
          if (reuse && responseStatusCode === 200) {
            // Whole, to be kept (page-cache.server.ts): the page was rendered to its end.
            const chunks: Buffer[] = [];
            body.on("data", (c: Buffer) => chunks.push(c));
            body.on("end", () => {
              const html = Buffer.concat(chunks).toString("utf8");
              if (responseStatusCode === 200)
                keepPage(reuse.key, html, nonce, Date.now(), reuse.ttlMs);
              resolve(new Response(html, { headers: headers(), status: responseStatusCode }));
            });
            pipe(body);
            return;
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: headers(),
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError("render", error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Requests that failed because PostgreSQL could not be reached in time: answered 503, not 500. */
const unavailable = new WeakSet<Request>();

/** Data requests (client-side navigation) of such a request: 503 with Retry-After as well. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (!unavailable.has(request) || response.status !== 500) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, headers });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (isDatabaseUnavailable(error)) unavailable.add(request);
  if (request.signal.aborted) return;
  logError("remix", error, { method: request.method, path: new URL(request.url).pathname });
}
