/**
 * Helpers for tests that run the built server as several processes: sign-in over HTTP, an SSE
 * reader, a counting proxy in front of the upstream, and polling for a condition (no sleeps).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** Polls `check` until it returns a truthy value; fails with `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 15_000,
  everyMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v as NonNullable<T>;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${last})` : ""}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Signs in through the login form and returns the session cookie pair. */
export async function signIn(base: string, username = "admin", password = "admin123") {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ username, password }),
  });
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
  const pair = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => !c.startsWith("tracksmith_toast="));
  if (!pair) throw new Error("sign-in set no session cookie");
  return pair;
}

export type SseEvent = { event: string; data: string; id: string | null };

export type SseClient = {
  status: number;
  events: SseEvent[];
  /** The id of the last event that carried one (what a browser sends back as Last-Event-ID). */
  lastId: () => string | null;
  closed: () => boolean;
  close(): void;
};

/** Opens a server-sent events stream and collects its events until closed. */
export async function openSse(
  url: string,
  options: { cookie: string; lastEventId?: string | null },
): Promise<SseClient> {
  const ac = new AbortController();
  const headers: Record<string, string> = { cookie: options.cookie, accept: "text/event-stream" };
  if (options.lastEventId) headers["last-event-id"] = options.lastEventId;
  const res = await fetch(url, { headers, signal: ac.signal });
  const events: SseEvent[] = [];
  let lastId: string | null = null;
  let ended = false;
  const client: SseClient = {
    status: res.status,
    events,
    lastId: () => lastId,
    closed: () => ended,
    close: () => {
      ended = true;
      ac.abort();
    },
  };
  if (!res.ok || !res.body) {
    ended = true;
    return client;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: SseEvent = { event: "message", data: "", id: null };
          const data: string[] = [];
          for (const line of block.split("\n")) {
            const colon = line.indexOf(":");
            if (colon === 0) continue;
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (field === "event") e.event = value;
            else if (field === "data") data.push(value);
            else if (field === "id") e.id = value;
          }
          e.data = data.join("\n");
          if (e.id !== null) lastId = e.id;
          if (data.length || e.event !== "message") events.push(e);
        }
      }
    } catch {
      // aborted
    } finally {
      ended = true;
    }
  })();
  return client;
}

/** The device changes a live stream has delivered (every `devices` event, flattened), from `from`. */
export function deviceChanges(s: SseClient, from = 0): Record<string, unknown>[] {
  return s.events
    .slice(from)
    .filter((e) => e.event === "devices")
    .flatMap((e) => JSON.parse(e.data) as Record<string, unknown>[]);
}

export type CountingProxy = {
  url: string;
  /** Requests seen per path since the last reset. */
  count: (path: string) => number;
  reset(): void;
  close(): Promise<void>;
};

/** An HTTP proxy in front of `target` that counts the requests per path (who polls the upstream). */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const counts = new Map<string, number>();
  const to = new URL(target);
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const up = http.request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: to.host },
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: (path) => counts.get(path) ?? 0,
    reset: () => counts.clear(),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
