/**
 * Issue 16 item 9 through the real HTTP front: bodies a form route cannot take are answered 400
 * (malformed) or 415 (not a form), not 500; a path that is not valid percent-encoding gets a plain
 * 400 page without a stack trace; and a log line is one JSON object whatever a user typed.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/services/env.server";
import { useTestDatabase } from "../support/db";
import { rawRequest, signInOver, useHttpApp } from "../support/http-app";
import { useSimulator } from "../support/upstream";

let base = "";
const FORM_TOKEN = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
/** What must never reach a client: stack frames and the server's file paths. */
const INTERNALS = /\bat \S+ \(|\bat \/|\.[jt]sx?:\d+|node_modules|\/work\/|\/app\/|\/server\//;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  base = await useHttpApp();
});

afterEach(() => {
  delete process.env.LOG_TESTS;
  resetEnvCache();
  vi.restoreAllMocks();
});

const post = (path: string, contentType: string | null, body: string, cookie = "") =>
  rawRequest(base + path, {
    headers: {
      origin: base,
      ...(contentType ? { "content-type": contentType } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: Buffer.from(body),
  });

describe("bodies a form route cannot take", () => {
  it.each(["/login", `/forms/${FORM_TOKEN}`, "/register", "/dashboard/notifications"])(
    "%s: JSON and text are 415, broken multipart is 400, never 500",
    async (path) => {
      const cookie = path.startsWith("/dashboard")
        ? await signInOver(base, "admin", "admin123")
        : "";
      const json = await post(path, "application/json", '{"username":"admin"}', cookie);
      expect(json.status).toBe(415);
      expect(json.body).not.toMatch(INTERNALS);
      expect((await post(path, "text/plain", "username=admin", cookie)).status).toBe(415);
      expect((await post(path, null, "username=admin", cookie)).status).toBe(415);
      const broken = await post(
        path,
        "multipart/form-data; boundary=xyz",
        '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
        cookie,
      );
      expect(broken.status).toBe(400);
      expect(broken.body).not.toMatch(INTERNALS);
      expect((await post(path, "multipart/form-data", "no boundary", cookie)).status).toBe(400);
    },
  );

  it("still takes a well-formed multipart form, and JSON where the route takes JSON", async () => {
    const boundary = "b0undary";
    const body = ["username", "password"]
      .map((n) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\nnobody\r\n`)
      .join("");
    const multipart = await post(
      "/login",
      `multipart/form-data; boundary=${boundary}`,
      `${body}--${boundary}--\r\n`,
    );
    expect(multipart.status).toBe(401); // the login form's own answer: wrong password
    expect(multipart.body).toContain("Sign in");

    const cookie = await signInOver(base, "admin", "admin123");
    const push = "/api/push-subscriptions";
    expect((await post(push, "application/json", '{"endpoint":"nope"}', cookie)).status).toBe(400);
    expect((await post(push, "application/json", "{not json", cookie)).status).toBe(400);
    expect((await post(push, "text/plain", "{}", cookie)).status).toBe(415);
  });
});

describe("one error handler", () => {
  it("answers a path with bad percent-encoding with a plain 400 page, no stack", async () => {
    for (const path of ["/%E0%A4%A", "/dashboard/%E0%A4%A", "/forms/%ZZ"]) {
      const res = await fetch(base + path);
      const body = await res.text();
      expect(res.status, path).toBe(400);
      expect(body, path).not.toMatch(INTERNALS);
      expect(body, path).not.toMatch(/URIError|Failed to decode/);
    }
  });
});

describe("structured logs", () => {
  it("writes one JSON line for a sign-in as 'x\\n[auth] forged', the newline escaped in a field", async () => {
    process.env.LOG_TESTS = "1";
    resetEnvCache();
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      return write(chunk);
    });
    const username = "x\n[auth] forged";
    const res = await post(
      "/login",
      "application/x-www-form-urlencoded",
      new URLSearchParams({
        username,
        password: "wrong",
      }).toString(),
    );
    expect(res.status).toBe(401);

    const mentions = lines.filter((l) => l.includes("forged"));
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toContain("x\\n[auth] forged");
    const entry = JSON.parse(mentions[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: "info", scope: "auth" });
    expect(Object.values(entry).some((v) => String(v).includes(username))).toBe(true);
    expect(lines.some((l) => l.startsWith("[auth] forged"))).toBe(false);
  });
});
