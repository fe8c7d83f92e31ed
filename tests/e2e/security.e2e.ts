import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appUrl } from "./support/browser";

/** Every route module that has an action, with its URL (params filled with plausible values). */
function actionRoutes(): string[] {
  const dir = path.resolve("app/routes");
  return fs
    .readdirSync(dir)
    .filter(
      (f) =>
        /\.tsx?$/.test(f) &&
        /export (async )?function action|export const action/.test(
          fs.readFileSync(path.join(dir, f), "utf8"),
        ),
    )
    .map(
      (f) =>
        "/" +
        f
          .replace(/\.tsx?$/, "")
          .split(".")
          .filter((seg) => seg !== "_index" && !seg.startsWith("_"))
          .map((seg) =>
            seg === "$"
              ? "anything"
              : seg.startsWith("$")
                ? "123456789012345"
                : seg.replace(/_$/, ""),
          )
          .join("/"),
    );
}

/** A fresh account of its own (every permission), so random input can never disturb other tests' users. */
async function signedInCookie(): Promise<string> {
  const res = await fetch(`${appUrl()}/register`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: appUrl() },
    body: new URLSearchParams({
      first_name: "Fuzz",
      last_name: "Tester",
      email: `fuzz.${Date.now()}.${Math.random()}@example.com`,
      password: "fuzzing password",
    }),
  });
  expect(res.status).toBe(302);
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

/**
 * A live fill-in link of the admin's company, so the fuzzing reaches the public form's answer checks
 * (a made-up token stops at the 404).
 */
async function liveFormLink(): Promise<string> {
  const login = await fetch(`${appUrl()}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: appUrl() },
    body: new URLSearchParams({ username: "admin", password: "admin123" }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  const res = await fetch(`${appUrl()}/dashboard/dashboard-forms`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: appUrl(), cookie },
    body: new URLSearchParams({
      intent: "link-create",
      formId: "301",
      label: "Fuzzing",
      minutes: "60",
    }),
  });
  const token = new URL(res.headers.get("location") ?? "/", appUrl()).searchParams.get("created");
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token!;
}

describe("browser-facing security", () => {
  it("refuses a POST with a foreign Origin on every action", async () => {
    const routes = actionRoutes();
    expect(routes.length).toBeGreaterThan(3);
    const cookie = await signedInCookie();
    for (const route of routes) {
      for (const origin of ["https://evil.example", "null"]) {
        const res = await fetch(appUrl() + route, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie },
          body: "intent=delete",
        });
        expect(res.status, `${route} from ${origin}`).toBe(403);
      }
    }
  });

  it("sends a fresh CSP nonce on every page and every security header", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${appUrl()}/login`);
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy") ?? "";
      for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
        expect(csp).toContain(d);
      expect(res.headers.get("content-security-policy-report-only")).toBeNull();
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce).toBeTruthy();
      // Every inline script carries the same nonce as the header.
      const html = await res.text();
      for (const m of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g))
        expect(m[1]).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(100);
  });

  it.each(["//x", "/\\x", "https://x.example", "/../x"])(
    "sends redirectTo=%j to the default page",
    async (redirectTo) => {
      const res = await fetch(`${appUrl()}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: appUrl() },
        body: new URLSearchParams({ username: "admin", password: "admin123", redirectTo }),
      });
      expect(res.headers.get("location")).toBe("/dashboard/assets");
    },
  );

  it("answers every form action with no 5xx, whatever the input (property-based)", async () => {
    const token = await liveFormLink();
    const routes = actionRoutes().map((r) =>
      r === "/forms/123456789012345" ? `/forms/${token}` : r,
    );
    expect(routes).toContain(`/forms/${token}`);
    const cookie = await signedInCookie();
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.integer().map(String),
      fc.constantFrom("", " ", "-1", "1e309", "NaN", "<script>", "' or 1=1 --", "\u0000"),
    );
    const body = fc.dictionary(
      fc.constantFrom(
        "intent",
        "username",
        "password",
        "nickname",
        "imei",
        "id",
        "email",
        "recipients",
        "radius",
        "lat",
        "lng",
        "purpose",
        "redirectTo",
        "token",
        // Conform's control inputs, the dashboard's link fields and the pre-start check's questions.
        "__intent__",
        "__state__",
        "formId",
        "label",
        "minutes",
        "confirm",
        "vehicle",
        "odometer",
        "check_date",
        "tyres",
        "lights_ok",
      ),
      value,
      { maxKeys: 6 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        body,
        fc.boolean(),
        async (route, fields, withCookie) => {
          const res = await fetch(appUrl() + route, {
            method: "POST",
            redirect: "manual",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              origin: appUrl(),
              ...(withCookie ? { cookie } : {}),
            },
            body: new URLSearchParams(fields as Record<string, string>),
          });
          await res.arrayBuffer();
          expect(res.status, `${route} ${JSON.stringify(fields)}`).toBeLessThan(500);
        },
      ),
      { numRuns: Math.max(100, routes.length * 8), seed: 20261121 },
    );
  });

  it("never changes state on GET: logout by GET keeps the session", async () => {
    const cookie = await signedInCookie();
    await fetch(`${appUrl()}/logout`, { headers: { cookie }, redirect: "manual" });
    const after = await fetch(`${appUrl()}/dashboard/account`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(after.status).toBe(200);
  });
});
