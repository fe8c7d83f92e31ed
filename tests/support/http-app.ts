import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll } from "vitest";
import { createHttpHandler } from "../../server/http";

/**
 * The real HTTP front (server/http.ts: Express, the body gate, the headers, the error handler, then
 * Remix with the production build) on a free loopback port, in this process, as `npm start` serves
 * it. The caller sets up the database and the simulator first (useTestDatabase, useSimulator).
 */
export async function useHttpApp(): Promise<string> {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const server = http.createServer(createHttpHandler(() => build, "production"));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** Signs in through the login form and returns the session's cookie pair. */
export async function signInOver(base: string, username: string, password: string) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ username, password }),
  });
  if (res.status !== 302) throw new Error(`sign-in as ${username} answered ${res.status}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

export type RawReply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One request with full control of what is sent: `body` as one Buffer (with Content-Length unless
 * `headers` says otherwise) or as chunks written one by one without Content-Length (chunked). The
 * promise settles on the response, even when the server answers before the body is all sent;
 * `waitMs` bounds the wait (a server that reads a whole huge body first fails the test).
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer;
    chunks?: Iterable<Buffer>;
    end?: boolean;
    waitMs?: number;
  },
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "POST", headers: options.headers });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer within ${options.waitMs ?? 5000} ms`));
    }, options.waitMs ?? 5000);
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      const done = () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      };
      res.on("end", done);
      res.on("error", done);
    });
    // The server may close while the rest of a refused body is still being written.
    req.on("error", (e) => {
      if (!answered) {
        clearTimeout(timer);
        reject(e);
      }
    });
    if (options.body) {
      // end(body) lets Node set Content-Length; write() alone would switch to chunked.
      if (options.end === false) req.write(options.body);
      else return void req.end(options.body);
    }
    if (options.chunks) {
      const chunks = options.chunks[Symbol.iterator]();
      const pump = () => {
        for (let next = chunks.next(); !next.done; next = chunks.next())
          if (answered || !req.write(next.value)) return void (answered || req.once("drain", pump));
        if (options.end !== false && !answered) req.end();
      };
      pump();
    } else if (options.end !== false) req.end();
  });
}
