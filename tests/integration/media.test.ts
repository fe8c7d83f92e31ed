import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaUrl } from "~/lib/media";
import { action as loginAction } from "~/routes/login";
import { loader as mediaLoader } from "~/routes/media.$";
import { getAuth } from "~/services/auth.server";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get } from "../support/remix";
import { pointAppAt, useSimulator } from "../support/upstream";
import { resetEnvCache } from "~/services/env.server";
import { upstream } from "~/services/api.server";
import { iotDevices } from "~/services/upstream/index.server";
import { breakerFor, resetBreakers } from "~/services/upstream/resilience";
import { upstreamAuth } from "../support/upstream";

let cookie = "";
let simUrl = "";
beforeAll(async () => {
  await useTestDatabase();
  simUrl = (await useSimulator()).url;
  cookie = cookieFrom(
    await call(loginAction, formPost("/login", { username: "admin", password: "admin123" })),
  );
});

describe("the /media proxy", () => {
  it("serves the user's upstream photo as an image, with a sandboxing CSP", async () => {
    const user = (await getAuth(get("/", cookie)))!.user;
    const url = mediaUrl(user.avatar ?? user.photo);
    expect(url).toMatch(/^\/media\/photos\//);
    const res = await call(mediaLoader, get(url!, cookie), {
      params: { "*": url!.slice("/media/".length) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\//);
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("refuses without a session, outside the image folders, and path tricks", async () => {
    expect(
      (
        await call(mediaLoader, get("/media/photos/users/1.svg"), {
          params: { "*": "photos/users/1.svg" },
        })
      ).status,
    ).toBe(401);
    for (const p of [
      "auth/login",
      "photos/../user/profile.svg",
      "__sim/faults.svg",
      "photos/x.html",
    ]) {
      expect(
        (await call(mediaLoader, get(`/media/${p}`, cookie), { params: { "*": p } })).status,
        p,
      ).toBe(404);
    }
  });

  it("maps only safe sources", () => {
    expect(mediaUrl("https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
    expect(mediaUrl("//evil.example/a.png")).toBeUndefined();
    expect(mediaUrl("javascript:alert(1)")).toBeUndefined();
    expect(mediaUrl(null)).toBeUndefined();
  });
});

describe("the /media proxy and tenants", () => {
  const load = (p: string) => call(mediaLoader, get(`/media/${p}`, cookie), { params: { "*": p } });
  const photoOf = async (username: string, password: string) => {
    const list = await iotDevices(upstream((await upstreamAuth(username, password)).token));
    const d = list.find((x) => x.photo);
    expect(d?.photo, `${username} has a device with a photo`).toMatch(/^\/photos\/devices\//);
    return d!.photo!.slice(1);
  };

  it("serves a photo of the company's own device", async () => {
    const res = await load(await photoOf("admin", "admin123"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\//);
  });

  it("answers 404 for another company's device photo, as for an unknown one", async () => {
    const theirs = await photoOf("other", "other123");
    expect((await load(theirs)).status).toBe(404);
    expect((await load(theirs.replace(/\.svg$/, ".png"))).status).toBe(404);
    expect((await load("photos/devices/000000000000000.svg")).status).toBe(404);
  });

  it("serves only the user's own photo; another user's (any company), logos and icons are 404", async () => {
    for (const p of [
      "photos/users/2001.svg", // the other company's user
      "photos/users/1003.svg", // a colleague: the app shows no one else's photo
      "logos/ironbark.svg", // company 112's logo (the app draws logos from its own files)
      "icons/car.svg",
      "photos/beacons/1.svg",
    ])
      expect((await load(p)).status, p).toBe(404);
  });
});

describe("the /media proxy when the upstream is down", () => {
  // The signed-in admin's own photo: the one kind of picture that reaches the upstream without a device.
  const photo = "photos/users/1001.svg";
  const load = () => call(mediaLoader, get(`/media/${photo}`, cookie), { params: { "*": photo } });

  /** Points the app at `url` with a short timeout for the test, then back at the simulator. */
  async function against<T>(url: string, run: () => Promise<T>): Promise<T> {
    process.env.UPSTREAM_TIMEOUT_MS = "300";
    pointAppAt(url);
    resetBreakers();
    try {
      return await run();
    } finally {
      delete process.env.UPSTREAM_TIMEOUT_MS;
      resetEnvCache();
      pointAppAt(simUrl);
      resetBreakers();
    }
  }

  it("answers 504 at the upstream timeout when the upstream never answers", async () => {
    const sockets = new Set<Socket>();
    const hung = http.createServer(() => undefined);
    hung.on("connection", (s) => sockets.add(s));
    await new Promise<void>((r) => hung.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(hung.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      const res = await against(url, load);
      expect(res.status).toBe(504);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => hung.close(r));
    }
  });

  it("answers 503 at once when the upstream cannot be reached, and the breaker opens", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    const { statuses, breaker } = await against(url, async () => {
      const out: number[] = [];
      for (let i = 0; i < 6; i++) out.push((await load()).status);
      return { statuses: out, breaker: breakerFor(url).state() };
    });
    expect(statuses).toEqual([503, 503, 503, 503, 503, 503]);
    expect(breaker).toBe("open");
  });
});
