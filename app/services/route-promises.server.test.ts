import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { UpstreamError } from "~/services/upstream/errors";
import { noteUpstreamUse } from "~/services/upstream/usage.server";
import { isUpstreamTrouble, keepPromises } from "./route-promises.server";

type Args = { request: Request; params: object; context: object };
type Handler = (args: Args) => Promise<unknown>;

/** A build of one route whose loader and action are the given functions. */
function buildOf(loader: Handler, action: Handler) {
  const build = {
    routes: { "routes/page": { id: "routes/page", path: "page", module: { loader, action } } },
  } as unknown as ServerBuild;
  const kept = keepPromises(build).routes["routes/page"]!.module as unknown as {
    loader: Handler;
    action: Handler;
  };
  return kept;
}

const down = () => new UpstreamError("no answer", 504, "timeout");
const cookie = { cookie: "tracksmith_session=abc" };
const args = (request: Request) => ({ request, params: {}, context: {} });
const caught = async (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe("keepPromises", () => {
  it("knows the tracking service's trouble from a refusal it must show", () => {
    expect(isUpstreamTrouble(down())).toBe(true);
    expect(isUpstreamTrouble(new UpstreamError("x", 502, "http"))).toBe(true);
    expect(isUpstreamTrouble(new Error("y", { cause: down() }))).toBe(true);
    expect(isUpstreamTrouble(new UpstreamError("Name taken", 400, "http"))).toBe(false);
    expect(isUpstreamTrouble(new Error("bug"))).toBe(false);
  });

  it("answers a page without a copy 503 with Retry-After, and one with a copy from it", async () => {
    let fail = false;
    const route = buildOf(
      async () => {
        noteUpstreamUse(); // the page reads the tracking service, so its answer is kept
        if (fail) throw down();
        return { rows: [1, 2] };
      },
      async () => null,
    );
    const url = "http://app/page?q=1";
    const cold = await caught(
      route.loader(args(new Request("http://app/page?q=2", { headers: cookie }))),
    );
    expect(cold).toBe(null); // the service was up: no copy needed
    fail = true;
    const none = (await caught(
      route.loader(args(new Request("http://app/page?q=3", { headers: cookie }))),
    )) as Response;
    expect(none.status).toBe(503);
    expect(none.headers.get("retry-after")).toBeTruthy();
    expect(await none.text()).toContain("not answering");

    fail = false;
    await route.loader(args(new Request(url, { headers: cookie })));
    fail = true;
    const copy = (await route.loader(args(new Request(url, { headers: cookie })))) as Response;
    expect(await copy.json()).toMatchObject({ rows: [1, 2], __keptCopy: { ageMinutes: 0 } });
    // Another session never gets it.
    const other = new Request(url, { headers: { cookie: "tracksmith_session=zzz" } });
    expect(((await caught(route.loader(args(other)))) as Response).status).toBe(503);
  });

  it("keeps no copy of a page that did not ask the tracking service", async () => {
    let fail = false;
    const route = buildOf(
      async () => {
        if (fail) throw down(); // a later read of it fails, as a cache refill would
        return { rows: [3] };
      },
      async () => null,
    );
    const request = () => new Request("http://app/page?own=1", { headers: cookie });
    await route.loader(args(request()));
    fail = true;
    expect(((await caught(route.loader(args(request())))) as Response).status).toBe(503);
  });

  it("refuses a control character in a form or JSON body before the action runs", async () => {
    let ran = 0;
    const route = buildOf(
      async () => null,
      async () => ++ran,
    );
    const form = new Request("http://app/page", {
      method: "POST",
      body: new URLSearchParams({ intent: "rename", name: "van\u00001" }),
    });
    const refused = (await route.action(args(form))) as Response;
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, intent: "rename", field: "name" });
    const jsonBody = new Request("http://app/page", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ steps: [{ label: "a\u0007" }] }),
    });
    expect(((await route.action(args(jsonBody))) as Response).status).toBe(400);
    expect(ran).toBe(0);
    const fine = new Request("http://app/page", {
      method: "POST",
      body: new URLSearchParams({ note: "line one\r\nline two\ttabbed" }),
    });
    expect(await route.action(args(fine))).toBe(1);
  });

  it("answers a save the tracking service did not take 503, as data with a toast", async () => {
    const route = buildOf(
      async () => null,
      async () => {
        throw down();
      },
    );
    const res = (await route.action(
      args(
        new Request("http://app/page", {
          method: "POST",
          body: new URLSearchParams({ intent: "save" }),
        }),
      ),
    )) as Response;
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      ok: false,
      intent: "save",
      message: expect.stringContaining("nothing was saved"),
    });
    expect(res.headers.get("set-cookie")).toMatch(/tracksmith_toast=/);
  });
});
