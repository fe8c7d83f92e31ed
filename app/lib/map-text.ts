/**
 * The one way text reaches Leaflet. Leaflet inserts the content of tooltips, popups and divIcon
 * markers as HTML (innerHTML), so a vehicle nickname such as `<meta http-equiv=refresh ...>` passed
 * as a string becomes markup in the viewer's page. Every string for Leaflet is therefore built
 * here:
 *
 * - `mapText(name)`: plain text (a nickname, a jobsite or beacon name), escaped;
 * - `mapHtml\`<b>${name}</b>\``: markup of our own, where every interpolated value is escaped
 *   unless it is itself a MapHtml (built here too), so nesting stays safe;
 *
 * and handed to Leaflet as `.safeHtml`. A MapHtml can only come from these two functions. ESLint
 * (eslint.config.js, "Leaflet content") refuses a tooltip, popup or divIcon whose content is not a
 * `.safeHtml`, and any innerHTML in app/. Pure (no DOM, no Leaflet): usable in tests and workers.
 */

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

/** Text as HTML text or attribute value (quoted): the five XML specials and the backtick. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
}

/** Only this module holds it: a MapHtml cannot be made from a raw string anywhere else. */
const SEAL: unique symbol = Symbol("MapHtml");

/** HTML that is safe to give Leaflet: every piece of text in it was escaped. */
export class MapHtml {
  readonly safeHtml: string;

  constructor(seal: typeof SEAL, html: string) {
    if (seal !== SEAL) throw new Error("MapHtml is built with mapHtml or mapText");
    this.safeHtml = html;
  }

  toString(): string {
    return this.safeHtml;
  }
}

type Piece = string | number | MapHtml | null | undefined | false;
/** What a template may interpolate: text (escaped), MapHtml (kept), lists of them, or nothing. */
export type MapHtmlValue = Piece | readonly Piece[];

function piece(v: Piece): string {
  if (v instanceof MapHtml) return v.safeHtml;
  if (v === null || v === undefined || v === false) return "";
  return escapeHtml(v);
}

/** Markup for Leaflet: the literal parts as written, every value escaped (MapHtml kept as is). */
export function mapHtml(strings: TemplateStringsArray, ...values: MapHtmlValue[]): MapHtml {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out +=
      (Array.isArray(v) ? (v as readonly Piece[]).map(piece).join("") : piece(v as Piece)) +
      strings[i + 1]!;
  });
  return new MapHtml(SEAL, out);
}

/** Plain text for a tooltip, popup or label: shown literally, never parsed as markup. */
export function mapText(text: string | number): MapHtml {
  return new MapHtml(SEAL, escapeHtml(text));
}
