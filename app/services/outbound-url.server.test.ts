import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseEnv, resetEnvCache } from "./env.server";
import {
  forbiddenAddress,
  OutboundRefusedError,
  outboundRequest,
  outboundUrlProblem,
} from "./outbound-url.server";

function optIn(opts: { http?: boolean; private?: boolean }) {
  process.env.OUTBOUND_ALLOW_HTTP = opts.http ? "1" : "0";
  process.env.OUTBOUND_ALLOW_PRIVATE = opts.private ? "1" : "0";
  resetEnvCache();
}
afterEach(() => optIn({}));
afterAll(() => {
  delete process.env.OUTBOUND_ALLOW_HTTP;
  delete process.env.OUTBOUND_ALLOW_PRIVATE;
  resetEnvCache();
});

describe("which addresses may be reached", () => {
  it("refuses every special range, IPv4 and IPv6, mapped and embedded forms too", () => {
    const refused: Record<string, RegExp> = {
      "127.0.0.1": /loopback/,
      "127.255.0.9": /loopback/,
      "::1": /loopback/,
      "::ffff:127.0.0.1": /loopback/,
      "::ffff:7f00:1": /loopback/,
      "10.0.0.1": /private network/,
      "172.31.255.255": /private network/,
      "192.168.0.1": /private network/,
      "::ffff:192.168.0.1": /private network/,
      "169.254.169.254": /link-local/,
      "fe80::1": /link-local/,
      "fd00::1": /unique-local/,
      "fc00::1": /unique-local/,
      "0.0.0.0": /unspecified/,
      "0.1.2.3": /unspecified/,
      "::": /unspecified/,
      "100.64.0.1": /carrier-grade NAT/,
      "224.0.0.1": /multicast/,
      "ff02::1": /multicast/,
      "255.255.255.255": /broadcast/,
      "192.0.2.1": /reserved/,
      "198.18.0.1": /reserved/,
      "240.0.0.1": /reserved/,
      "2001:db8::1": /reserved/,
      "::7f00:1": /reserved/, // IPv4-compatible
      "64:ff9b::7f00:1": /reserved/, // NAT64
      "2002:7f00:1::1": /reserved/, // 6to4
      "2001::1": /reserved/, // Teredo
      "fec0::1": /reserved/, // site-local
    };
    for (const [ip, why] of Object.entries(refused)) expect(forbiddenAddress(ip), ip).toMatch(why);
    for (const ip of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(forbiddenAddress(ip), ip).toBeNull();
  });

  it("judges URLs as the guard does at save time: https only, literal and resolved addresses", async () => {
    const problems = {
      "https://127.0.0.1/": /loopback/,
      "https://2130706433/": /loopback/,
      "https://0x7f.1/": /loopback/,
      "https://017700000001/": /loopback/,
      "https://127.1:5432/": /loopback/,
      "https://[::ffff:127.0.0.1]/": /loopback/,
      "https://[::1]:3000/": /loopback/,
      "https://localhost/": /loopback/,
      "https://169.254.169.254/latest/meta-data/": /link-local/,
      "https://[fd00::1]/": /unique-local/,
      "http://93.184.216.34/": /^Use an https:\/\/ address$/,
      "ftp://93.184.216.34/": /^Use an https:\/\/ address$/,
      "not a url": /^Enter a full address/,
    };
    for (const [url, why] of Object.entries(problems))
      expect(await outboundUrlProblem(url), url).toMatch(why);
    expect(await outboundUrlProblem("https://93.184.216.34/hook")).toBeNull();
    // A host that does not resolve (here: no DNS to the outside) is judged again at each send.
    expect(await outboundUrlProblem("https://hooks.example/x")).toBeNull();

    optIn({ http: true });
    expect(await outboundUrlProblem("http://93.184.216.34/")).toBeNull();
    expect(await outboundUrlProblem("http://127.0.0.1:3000/")).toMatch(/loopback/);
    optIn({ http: true, private: true });
    expect(await outboundUrlProblem("http://127.0.0.1:3000/")).toBeNull();
  });
});

describe("the test-only opt-in", () => {
  it("is refused in production", () => {
    const production = {
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(32),
      ENCRYPTION_KEY: "k".repeat(32),
    };
    expect(parseEnv({ ...production, OUTBOUND_ALLOW_HTTP: "1" }).OUTBOUND_ALLOW_HTTP).toBe(true);
    expect(() => parseEnv({ ...production, OUTBOUND_ALLOW_PRIVATE: "1" })).toThrow(
      /OUTBOUND_ALLOW_PRIVATE is for tests only and never allowed in production/,
    );
    expect(parseEnv({}).OUTBOUND_ALLOW_PRIVATE).toBe(false);
  });
});

describe("a request through the guard", () => {
  let server: http.Server;
  let port = 0;
  const seen: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? "");
      if (req.url === "/huge") {
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024, 120);
        let sent = 0;
        const more = () => {
          while (sent < 10 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
          if (sent < 10 * 1024 * 1024) res.once("drain", more);
          else res.end();
        };
        return more();
      }
      if (req.url === "/hang") return; // never answers
      if (req.url === "/redirect")
        return res.writeHead(307, { location: `http://127.0.0.1:${port}/landed` }).end();
      res.writeHead(200).end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

  it("does not connect to loopback, by literal or by name, even with a server listening there", async () => {
    optIn({ http: true });
    for (const host of ["127.0.0.1", "localhost", "2130706433", "[::ffff:127.0.0.1]"]) {
      const err = await outboundRequest(`http://${host}:${port}/x`, { timeoutMs: 2000 }).catch(
        (e: unknown) => e,
      );
      expect(err, host).toBeInstanceOf(OutboundRefusedError);
    }
    expect(seen).toEqual([]);
  });

  it("returns a redirect as it is, reads at most maxBytes and gives up after timeoutMs", async () => {
    optIn({ http: true, private: true });
    const r = await outboundRequest(`http://localhost:${port}/redirect`, { timeoutMs: 2000 });
    expect(r.status).toBe(307);
    expect(seen).not.toContain("/landed");

    const started = Date.now();
    const big = await outboundRequest(`http://127.0.0.1:${port}/huge`, {
      method: "GET",
      timeoutMs: 5000,
      maxBytes: 64 * 1024,
    });
    expect(big.status).toBe(200);
    expect(big.body.length).toBe(64 * 1024);

    await expect(
      outboundRequest(`http://127.0.0.1:${port}/hang`, { timeoutMs: 300 }),
    ).rejects.toMatchObject({ name: "TimeoutError", message: "timed out" });
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
