import path from "node:path";
import { pathToFileURL } from "node:url";
import { createCookie, type ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { promisedHandler } from "../support/build";

/**
 * The production build under a forced server error (its database is unreachable): the user sees
 * a plain "temporarily unavailable" page (503, Retry-After); no stack trace, SQL, connection
 * string or token reaches the response.
 */
describe("errors in the production build", () => {
  it("shows a plain 503 page with nothing internal in it (database away: retry later)", async () => {
    const secret = "x".repeat(40);
    Object.assign(process.env, {
      NODE_ENV: "production",
      SESSION_SECRET: secret,
      ENCRYPTION_KEY: "k".repeat(40),
      DATABASE_URL: "postgresql://tracksmith:hunter2@127.0.0.1:9/tracksmith",
      UPSTREAM_API_URL: "http://127.0.0.1:9",
    });
    const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
    const handler = promisedHandler(build);
    const cookie = await createCookie("__Host-tracksmith", { secrets: [secret] }).serialize(
      "session-id-that-needs-the-database",
    );
    for (const url of ["/dashboard/assets", "/login", "/dashboard/trips"]) {
      const res = await handler(new Request(`https://app.example${url}`, { headers: { cookie } }), {
        cspNonce: "n",
        clientAddress: "1",
      });
      const body = await res.text();
      expect(res.status, url).toBe(503);
      expect(res.headers.get("retry-after"), url).toMatch(/^\d+$/);
      expect(body, url).toContain("The service is temporarily unavailable");
      expect(body).not.toMatch(/\bat \S+ \(|\.ts:\d+|\.js:\d+/); // stack frames
      expect(body).not.toMatch(
        /ECONNREFUSED|prisma|select |insert |postgresql:\/\/|hunter2|Bearer|eyJ/i,
      );
    }
  });
});
