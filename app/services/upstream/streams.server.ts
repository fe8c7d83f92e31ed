/**
 * Upstream calls whose bodies are files, as streams (never whole in memory): an upload sent as it
 * arrives and a download handed on as it comes. They bypass the JSON client's retries on purpose:
 * an upload's bytes are gone once sent, and a download may take longer than a call's timeout
 * (which covers the answer's headers only). Shared by the insight-tag wiki and maintenance photos.
 */
import type { Upstream } from "./client.server";
import { UpstreamError, messageFromBody } from "./errors";

function headersOf(up: Upstream): Record<string, string> {
  return up.options.token ? { authorization: `Bearer ${up.options.token}` } : {};
}

function urlOf(up: Upstream, path: string, query: Record<string, string>) {
  const url = new URL(`${up.options.baseUrl}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url;
}

async function failure(res: Response, call: string): Promise<never> {
  // The body of an answer already failed: its text only words the error.
  // eslint-disable-next-line no-restricted-syntax
  const text = await res.text().catch(() => "");
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* plain text */
  }
  throw new UpstreamError(messageFromBody(body), res.status, "http", body, call);
}

/**
 * POSTs `body` as application/octet-stream and returns the answer's JSON (the caller checks it
 * with its schema). Aborting `signal` (e.g. past a size limit) ends the request and rethrows its
 * reason; the upstream then keeps nothing.
 */
export async function postStream(
  up: Upstream,
  path: string,
  query: Record<string, string>,
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): Promise<unknown> {
  const call = `POST ${path}`;
  let res: Response;
  try {
    res = await fetch(urlOf(up, path, query), {
      method: "POST",
      headers: { ...headersOf(up), "content-type": "application/octet-stream" },
      body,
      signal,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
  } catch (e) {
    if (signal?.aborted) throw signal.reason ?? e;
    throw new UpstreamError("The upstream cannot be reached", 503, "unreachable", null, call);
  }
  if (!res.ok) return failure(res, call);
  return res.json();
}

/**
 * GETs a file: the upstream's answer, its body still to be read (or handed on). `headers` are
 * passed on as they are (a media player's `Range`, so a 206 comes back as a part of the file).
 */
export async function getStream(
  up: Upstream,
  path: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  const call = `GET ${path}`;
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), up.options.timeoutMs);
  let res: Response;
  try {
    res = await fetch(urlOf(up, path, query), {
      headers: { ...headers, ...headersOf(up) },
      signal: ctl.signal,
    });
  } catch {
    throw new UpstreamError("The upstream cannot be reached", 503, "unreachable", null, call);
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok) return failure(res, call);
  return res;
}
