/**
 * The one guard for requests the server makes to addresses that users choose (alert-rule webhooks,
 * browser push endpoints): no server-side request forgery into our own machine or network.
 *
 * - Only `https:` (`OUTBOUND_ALLOW_HTTP=1`, for development, also allows `http:`).
 * - The host is resolved and EVERY address must be a public unicast address: loopback, private,
 *   link-local, unique-local, unspecified, multicast, broadcast, reserved, carrier-grade NAT and
 *   IPv6 forms that embed an IPv4 address are refused (ranges from `ipaddr.js`; an IPv4-mapped
 *   IPv6 address is judged as its IPv4 address). `new URL` already turns `2130706433`, `0x7f.1`
 *   and `127.1` into `127.0.0.1`.
 * - Checked when the address is saved (`outboundUrlProblem`, for a message next to the field) and
 *   again at each send (`outboundRequest`): the socket connects through a `lookup` that resolves,
 *   checks and hands over the checked address, so DNS cannot change between check and connect.
 * - `outboundRequest` never follows redirects (a 3xx is returned as it is), reads at most
 *   `maxBytes` of the answer and gives up after `timeoutMs` in total.
 *
 * `OUTBOUND_ALLOW_PRIVATE=1` switches the address check off. It exists for tests that deliver to a
 * receiver on 127.0.0.1 and must never be set in production.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { getEnv } from "./env.server";

/** The address may not be reached: not worth retrying. */
export class OutboundRefusedError extends Error {
  name = "OutboundRefusedError";
}

const RANGE_WORDS: Record<string, string> = {
  loopback: "a loopback address (this server itself)",
  private: "a private network address",
  linkLocal: "a link-local address",
  uniqueLocal: "a private (unique-local) IPv6 address",
  unspecified: "an unspecified address",
  carrierGradeNat: "a carrier-grade NAT address",
  multicast: "a multicast address",
  broadcast: "a broadcast address",
};

// Special ranges ipaddr.js 1.9 calls "unicast".
const EXTRA_RANGES: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [
  "198.18.0.0/15", // benchmarking
  "::/96", // IPv4-compatible IPv6 (deprecated)
  "100::/64", // discard-only
  "fec0::/10", // site-local (deprecated)
].map((cidr) => ipaddr.parseCIDR(cidr));

/** Why `ip` may not be reached ("a loopback address …"), or null for a public unicast address. */
export function forbiddenAddress(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return "not an IP address";
  let addr = ipaddr.parse(ip);
  if (addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  const range = addr.range();
  if (range !== "unicast") return RANGE_WORDS[range] ?? "a reserved address";
  for (const [net, bits] of EXTRA_RANGES)
    if (net.kind() === addr.kind() && (addr as ipaddr.IPv4).match(net as ipaddr.IPv4, bits))
      return "a reserved address";
  return null;
}

function policy() {
  const env = getEnv();
  return { allowHttp: env.OUTBOUND_ALLOW_HTTP, allowPrivate: env.OUTBOUND_ALLOW_PRIVATE };
}

/** The URL's host as a bare name or IP (no IPv6 brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** Scheme and literal-address checks, no DNS. Throws OutboundRefusedError with the reason. */
function checkUrlShape(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError("Enter a full address, e.g. https://example.com/hook");
  }
  const { allowHttp, allowPrivate } = policy();
  if (url.protocol !== "https:" && !(allowHttp && url.protocol === "http:"))
    throw new OutboundRefusedError(
      allowHttp ? "Use an https:// or http:// address" : "Use an https:// address",
    );
  const host = hostOf(url);
  if (!allowPrivate && ipaddr.isValid(host)) refuseIfForbidden(host);
  return url;
}

function refuseIfForbidden(ip: string) {
  const why = forbiddenAddress(ip);
  if (why)
    throw new OutboundRefusedError(
      `Only public internet addresses are allowed: this one is ${why}`,
    );
}

type Resolved = { address: string; family: number }[];

async function resolveChecked(host: string): Promise<Resolved> {
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  if (!found.length) throw new Error(`${host} has no address`);
  if (!policy().allowPrivate) for (const a of found) refuseIfForbidden(a.address);
  return found;
}

/**
 * For forms: null when the address may be used, else a sentence for the field. A host that does
 * not resolve (yet) is accepted: every send checks it again.
 */
export async function outboundUrlProblem(raw: string): Promise<string | null> {
  try {
    const url = checkUrlShape(raw);
    const host = hostOf(url);
    if (!ipaddr.isValid(host)) await resolveChecked(host);
    return null;
  } catch (e) {
    return e instanceof OutboundRefusedError ? e.message : null;
  }
}

type LookupCallback = (
  err: Error | null,
  address?: string | dns.LookupAddress[],
  family?: number,
) => void;

/** net's `lookup` hook: resolve, check every address, connect to a checked one. */
const checkedLookup = ((hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
  resolveChecked(hostname).then(
    (found) => {
      const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
      const usable = wanted ? found.filter((a) => a.family === wanted) : found;
      if (!usable.length) return callback(new Error(`${hostname} has no IPv${wanted} address`));
      if (options.all) callback(null, usable);
      else callback(null, usable[0]!.address, usable[0]!.family);
    },
    (e: Error) => callback(e),
  );
}) as unknown as LookupFunction;

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

export type OutboundResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** At most `maxBytes` of the body. */
  body: Buffer;
};

export type OutboundOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Connect, send and read the answer within this time; else a TimeoutError. */
  timeoutMs: number;
  maxBytes?: number;
};

/** One request through the guard (see the top of this file). Never follows a redirect. */
export async function outboundRequest(
  raw: string,
  opts: OutboundOptions,
): Promise<OutboundResponse> {
  const url = checkUrlShape(raw);
  const maxBytes = opts.maxBytes ?? 64 * 1024;
  const client = url.protocol === "https:" ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const finish = (e: Error | null, r?: OutboundResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (e) reject(e);
      else resolve(r!);
    };
    const req = client.request(url, {
      method: opts.method ?? "POST",
      headers: opts.headers,
      agent: agents[url.protocol as "http:" | "https:"],
      lookup: checkedLookup,
    });
    const timer = setTimeout(() => {
      const e = new Error("timed out");
      e.name = "TimeoutError";
      finish(e);
      req.destroy(e);
    }, opts.timeoutMs);
    req.on("error", (e) => finish(e));
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish(null, {
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).subarray(0, maxBytes),
        });
      res.on("data", (c: Buffer) => {
        if (size < maxBytes) chunks.push(c);
        size += c.length;
        // Enough read: the status is what counts; the rest goes with the connection.
        if (size > maxBytes) {
          done();
          res.destroy();
        }
      });
      res.on("end", done);
      res.on("error", (e) => finish(e));
    });
    req.end(opts.body);
  });
}
