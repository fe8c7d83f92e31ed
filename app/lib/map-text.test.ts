import { describe, expect, it } from "vitest";
import { escapeHtml, MapHtml, mapHtml, mapText } from "./map-text";

/** The nickname of the probe (issue 15), within the 64-character nickname limit. */
const REDIRECT = '<meta http-equiv=refresh content="0;url=//elsewhere/">';
const HOSTILE = [
  REDIRECT,
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "' onmouseover='alert(1)",
  "`${alert(1)}`",
  "</li></ul><a href=javascript:alert(1)>x</a>",
  "&lt;b&gt;already escaped&lt;/b&gt;",
];

describe("map text (everything Leaflet parses as HTML)", () => {
  it("escapes the HTML specials, so no markup or attribute can start", () => {
    expect(escapeHtml(`<a href="x" title='y'>&\`</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;",
    );
    for (const s of HOSTILE) expect(mapText(s).safeHtml).not.toMatch(/[<>"'`]/);
    expect(mapText(42).safeHtml).toBe("42");
  });

  it("reads back as the same text: escaping is exact, not lossy", () => {
    const unescape = (h: string) =>
      h.replace(
        /&(lt|gt|quot|#39|#96|amp);/g,
        (_, e: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", "#96": "`", amp: "&" })[e]!,
      );
    for (const s of HOSTILE) expect(unescape(mapText(s).safeHtml)).toBe(s);
  });

  it("mapHtml keeps its own markup and escapes every value, in text and in attributes", () => {
    const name = REDIRECT;
    const html = mapHtml`<li data-x="${name}"><b>${name}</b> (${3})</li>`.safeHtml;
    expect(html).toBe(`<li data-x="${escapeHtml(name)}"><b>${escapeHtml(name)}</b> (3)</li>`);
    expect(html.match(/</g)).toHaveLength(4); // <li>, <b>, </b>, </li>: nothing from the name
  });

  it("nests MapHtml unchanged (no double escaping), joins lists, and drops empty values", () => {
    const items = ["<a>", "b&c"].map((n) => mapHtml`<li>${n}</li>`);
    expect(mapHtml`<ul>${items}</ul>`.safeHtml).toBe("<ul><li>&lt;a&gt;</li><li>b&amp;c</li></ul>");
    expect(mapHtml`<b>${mapText("<x>")}</b>`.safeHtml).toBe("<b>&lt;x&gt;</b>");
    expect(mapHtml`a${null}b${undefined}c${false}d`.safeHtml).toBe("abcd");
    expect(String(mapText("<i>"))).toBe("&lt;i&gt;");
  });

  it("a MapHtml cannot be made from a raw string outside map-text", () => {
    const forge = MapHtml as unknown as new (seal: symbol, html: string) => MapHtml;
    expect(() => new forge(Symbol("MapHtml"), "<img src=x>")).toThrow(/mapHtml or mapText/);
  });
});
