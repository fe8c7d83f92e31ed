import crypto from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const ece = require("http_ece") as {
  decrypt(buf: Buffer, params: Record<string, unknown>): Buffer;
};

/**
 * A local push service on 127.0.0.1 that answers like one: the path says how it behaves.
 *   /ok/<id>        201
 *   /gone/<id>      410          /notfound/<id>  404
 *   /busy/<id>      429 with Retry-After: 1 the first time, then 201
 *   /flaky/<id>     503 the first time, then 201
 *   /slow/<id>      201 after `slowMs`
 *   /bad/<id>       400
 *   GET /__stats    delivery totals (for a stub in another process)
 * It checks the VAPID Authorization header and the aes128gcm encoding, and decrypts with the
 * subscription's private key (one key pair for every subscription: the encryption is per message).
 */
export type PushStub = {
  url: string;
  keys: { p256dh: string; auth: string };
  /** Successful deliveries (2xx) per path. */
  delivered: Map<string, number>;
  /** Every request per path, whatever the answer. */
  hits: Map<string, number>;
  /** Decrypted payloads, newest last (capped). */
  payloads: { path: string; json: unknown; headers: http.IncomingHttpHeaders }[];
  slowMs: number;
  reset(): void;
  close(): Promise<void>;
};

export async function startPushStub(
  options: { slowMs?: number; keepPayloads?: number } = {},
): Promise<PushStub> {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  const keep = options.keepPayloads ?? 50;
  const stub: PushStub = {
    url: "",
    keys: {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: authSecret.toString("base64url"),
    },
    delivered: new Map(),
    hits: new Map(),
    payloads: [],
    slowMs: options.slowMs ?? 1500,
    reset() {
      stub.delivered.clear();
      stub.hits.clear();
      stub.payloads.length = 0;
    },
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      if (req.method === "GET" && path === "/__stats") {
        const counts = [...stub.delivered.values()];
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end(
          JSON.stringify({
            delivered: counts.reduce((a, b) => a + b, 0),
            paths: counts.length,
            twice: counts.filter((n) => n > 1).length,
            requests: [...stub.hits.values()].reduce((a, b) => a + b, 0),
          }),
        );
      }
      const seen = (stub.hits.get(path) ?? 0) + 1;
      bump(stub.hits, path);
      const answer = (status: number, headers: Record<string, string> = {}) => {
        if (status >= 200 && status < 300) bump(stub.delivered, path);
        res.writeHead(status, headers).end();
      };
      if (
        req.method !== "POST" ||
        !/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(String(req.headers.authorization))
      )
        return answer(401);
      if (req.headers["content-encoding"] !== "aes128gcm" || !req.headers.ttl) return answer(400);
      const body = Buffer.concat(chunks);
      if (body.length > 4096) return answer(413);
      const kind = path.split("/")[1];
      const accept = () => {
        if (stub.payloads.length < keep) {
          try {
            const plain = ece.decrypt(body, {
              version: "aes128gcm",
              privateKey: ecdh,
              authSecret: stub.keys.auth,
            });
            stub.payloads.push({
              path,
              json: JSON.parse(plain.toString("utf8")),
              headers: req.headers,
            });
          } catch (e) {
            return answer(400);
          }
        }
        answer(201);
      };
      switch (kind) {
        case "ok":
          return accept();
        case "gone":
          return answer(410);
        case "notfound":
          return answer(404);
        case "bad":
          return answer(400);
        case "busy":
          return seen === 1 ? answer(429, { "Retry-After": "1" }) : accept();
        case "flaky":
          return seen === 1 ? answer(503) : accept();
        case "slow":
          return void setTimeout(accept, stub.slowMs);
        default:
          return answer(404);
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  stub.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return stub;
}
