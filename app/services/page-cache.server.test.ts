import type { EntryContext } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { anonymousPageKey, cachedPage, forgetPages, keepPage } from "./page-cache.server";

const context = (loaderData: object, extra: object = {}) =>
  ({
    staticHandlerContext: { loaderData, actionData: null, errors: null, ...extra },
  }) as never as EntryContext;
const get = (headers: Record<string, string> = {}) =>
  new Request("http://app.test/login?redirectTo=%2Fdashboard", { headers });

afterEach(forgetPages);

describe("the page cache of visitors without a cookie", () => {
  it("keeps only a GET without cookies answered 200 with no action data or errors", () => {
    const data = context({ root: { locale: "en-AU" } });
    expect(anonymousPageKey(get(), 200, data)).toContain("/login?redirectTo=%2Fdashboard");
    expect(anonymousPageKey(get({ cookie: "ts_session=x" }), 200, data)).toBeNull();
    expect(anonymousPageKey(get(), 404, data)).toBeNull();
    const post = new Request("http://app.test/login", { method: "POST" });
    expect(anonymousPageKey(post, 200, data)).toBeNull();
    expect(anonymousPageKey(get(), 200, context({}, { errors: { root: "x" } }))).toBeNull();
  });

  it("keys by the loader data: another locale is another page", () => {
    const a = anonymousPageKey(get(), 200, context({ root: { locale: "en-AU" } }));
    const b = anonymousPageKey(get(), 200, context({ root: { locale: "de" } }));
    expect(a).not.toBe(b);
  });

  it("answers with the new nonce everywhere the old one was", () => {
    const old = "b2xkLW5vbmNlLTEyMzQ1Ng==";
    keepPage("k", `<script nonce="${old}"></script><style nonce="${old}"></style>`, old);
    const html = cachedPage("k", "bmV3LW5vbmNlLTY1NDMyMQ==")!;
    expect(html).not.toContain(old);
    expect(html.match(/bmV3LW5vbmNlLTY1NDMyMQ==/g)).toHaveLength(2);
  });

  it("forgets a page after a minute, and the oldest beyond 64 pages", () => {
    const nonce = "MTIzNDU2Nzg5MDEyMzQ1Ng==";
    keepPage("k", "<p>x</p>", nonce, 0);
    expect(cachedPage("k", nonce, 59_000)).toBe("<p>x</p>");
    expect(cachedPage("k", nonce, 61_000)).toBeNull();
    for (let i = 0; i < 65; i++) keepPage(`p${i}`, "<p>x</p>", nonce, 100_000);
    expect(cachedPage("p0", nonce, 100_000)).toBeNull();
    expect(cachedPage("p64", nonce, 100_000)).toBe("<p>x</p>");
  });

  it("keeps nothing rendered with a nonce too short to swap safely", () => {
    keepPage("k", `<script nonce="ab"></script>`, "ab");
    expect(cachedPage("k", "MTIzNDU2Nzg5MDEyMzQ1Ng==")).toBeNull();
  });
});
