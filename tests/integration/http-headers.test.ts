/**
 * Issue 15 item 10 through the real HTTP front: the isolation and feature headers on pages and on
 * static files, an image policy narrowed to the configured tile and media hosts, X-Forwarded-Host
 * believed only behind a trusted proxy, and a state-changing request without Origin refused when
 * its Referer is foreign.
 */
import fs from "node:fs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/services/env.server";
import { useTestDatabase } from "../support/db";
import { rawRequest, useHttpApp } from "../support/http-app";
import { useSimulator } from "../support/upstream";

let base = "";
const login = (headers: Record<string, string>, url = `${base}/login`) =>
  rawRequest(url, {
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: Buffer.from("username=nobody&password=wrong"),
  });

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  base = await useHttpApp();
});

afterEach(() => {
  for (const k of ["TRUST_PROXY", "MAP_TILES_NORMAL", "MEDIA_HOSTS"]) delete process.env[k];
  resetEnvCache();
});

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe("response headers", () => {
  it("isolates pages: COOP, nosniff and a Permissions-Policy that turns off what the app never uses", async () => {
    const res = await fetch(`${base}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const policy = res.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "serial"])
      expect(policy, feature).toContain(`${feature}=()`);
  });

  it("sends nosniff with static files and built assets too", async () => {
    const asset = fs.readdirSync("public/build").find((f) => f.endsWith(".js"));
    for (const path of ["/favicon.svg", "/manifest.webmanifest", "/sw.js", `/build/${asset}`]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("allows images only from itself, data:, blob: and the configured tile and media hosts", async () => {
    const csp = (await fetch(`${base}/login`)).headers.get("content-security-policy") ?? "";
    expect(directive(csp, "img-src")).toBe(
      "img-src 'self' data: blob: https://tile.openstreetmap.org https://server.arcgisonline.com https://tiles.openrailwaymap.org",
    );

    process.env.MAP_TILES_NORMAL = "https://{s}.tiles.example.com:8443/{z}/{x}/{y}.png";
    process.env.MEDIA_HOSTS = "https://cdn.example.net";
    resetEnvCache();
    const custom = (await fetch(`${base}/login`)).headers.get("content-security-policy") ?? "";
    expect(directive(custom, "img-src")).toContain("https://*.tiles.example.com:8443");
    expect(directive(custom, "img-src")).toContain("https://cdn.example.net");
    expect(directive(custom, "img-src")).not.toMatch(/ https:( |$)/);
  });
});

describe("where a state-changing request comes from", () => {
  const host = () => new URL(base).host;

  it("does not believe X-Forwarded-Host without TRUST_PROXY", async () => {
    const forged = await login({
      origin: "http://evil.example",
      "x-forwarded-host": "evil.example",
    });
    expect(forged.status).toBe(403);
    // Our own origin still works, with or without the header.
    expect((await login({ origin: base })).status).toBe(401);
  });

  it("believes X-Forwarded-Host from a trusted proxy (TRUST_PROXY=1)", async () => {
    process.env.TRUST_PROXY = "1";
    resetEnvCache();
    const proxied = await login({
      origin: "https://app.example",
      "x-forwarded-host": "app.example",
      "x-forwarded-proto": "https",
    });
    expect(proxied.status).toBe(401);
  });

  it("refuses a POST with no Origin and a foreign Referer; a same-origin Referer passes", async () => {
    expect((await login({ referer: "https://evil.example/page" })).status).toBe(403);
    expect((await login({ referer: "not a url" })).status).toBe(403);
    expect((await login({ referer: `http://${host()}/login` })).status).toBe(401);
    // No Origin and no Referer (a script, curl): the session cookie's SameSite=Lax is the guard.
    expect((await login({})).status).toBe(401);
  });
});
