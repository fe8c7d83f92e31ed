/**
 * Device icons as inline SVG, defined once: the React component (lists, picker, device pages) and
 * the HTML string (Leaflet divIcon markers) are drawn from the same shapes. Inline SVG needs no
 * font and no image request, so icons show where no emoji font is installed and when nothing else
 * loads. Shapes are 24×24, stroked in currentColor.
 */
import { createElement } from "react";
import { DEVICE_ICONS } from "~/lib/device-types";
import { mapHtml, type MapHtml } from "~/lib/map-text";

type Shape = [tag: "path" | "circle" | "rect", attrs: Record<string, string | number>];

const p = (d: string): Shape => ["path", { d }];
const wheel = (cx: number, cy: number, r = 2): Shape => ["circle", { cx, cy, r }];

/** Every icon we can draw. The upstream's icon values (DEVICE_ICONS) are a subset. */
export const ICON_SHAPES = {
  car: [
    p("M3 16.5V12l2.4-4.6A1.5 1.5 0 0 1 6.7 6.6h8.1a1.5 1.5 0 0 1 1.2.6L19.5 12H21v4.5"),
    p("M3 12h16.5"),
    p("M9.3 16.5h5.4"),
    wheel(7, 16.8),
    wheel(17, 16.8),
  ],
  truck: [p("M2 5.5h11v11H2z"), p("M13 9h4.2l3.3 3.6v3.9H13"), wheel(6, 17.2), wheel(16.6, 17.2)],
  van: [
    p("M2 16.5V7a1 1 0 0 1 1-1h10.5l5 4.2H21v6.3"),
    p("M13.5 6v4.2h5"),
    wheel(6.5, 16.8),
    wheel(17, 16.8),
  ],
  ute: [
    p("M2 16.5v-4.3h9V7h5.2l3 5.2H21v4.3"),
    p("M13 8.5v3.7h5"),
    wheel(6.5, 16.8),
    wheel(17, 16.8),
  ],
  bus: [
    ["rect", { x: 5, y: 3, width: 14, height: 15, rx: 2 }],
    p("M5 11h14"),
    p("M5 7h14"),
    p("M8 18v3M16 18v3"),
    wheel(8.5, 14.5, 0.9),
    wheel(15.5, 14.5, 0.9),
  ],
  trailer: [p("M2 5.5h15v11H2z"), p("M17 13.5h5"), wheel(6, 17.2), wheel(11.5, 17.2)],
  excavator: [
    ["rect", { x: 2, y: 16, width: 13, height: 5, rx: 2.5 }],
    p("M4 16v-4.5h6.5L12 16"),
    p("M10.5 11.5 15 5l5.5 4.5"),
    p("M20.5 9.5V13l-2.5 1"),
  ],
  container: [p("M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z"), p("M3 7.5l9 4.5 9-4.5"), p("M12 12v9")],
  sensor: [
    wheel(12, 12, 2),
    p("M8.5 8.5a5 5 0 0 0 0 7M15.5 8.5a5 5 0 0 1 0 7"),
    p("M5.6 5.6a9 9 0 0 0 0 12.8M18.4 5.6a9 9 0 0 1 0 12.8"),
  ],
  motorbike: [
    wheel(5.5, 16.5, 3),
    wheel(18.5, 16.5, 3),
    p("M5.5 16.5 9 11h5l4.5 5.5"),
    p("M14 11l-1.5-4H16"),
    p("M9 11 7.5 8H5"),
  ],
  boat: [p("M3 15h18l-2.5 5h-13z"), p("M12 3v12"), p("M12 4l6 9h-6")],
  person: [wheel(12, 5.5, 2.5), p("M12 8v7M12 15l-3 6M12 15l3 6M7 11h10")],
  asset: [p("M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z"), wheel(12, 10, 2.2)],
} satisfies Record<string, Shape[]>;

export type IconName = keyof typeof ICON_SHAPES;

/** Plain names for the picker and for screen readers. */
export const ICON_LABELS: Record<IconName, string> = {
  car: "Car",
  truck: "Truck",
  van: "Van",
  ute: "Ute",
  bus: "Bus",
  trailer: "Trailer",
  excavator: "Excavator",
  container: "Container",
  sensor: "Sensor",
  motorbike: "Motorbike",
  boat: "Boat",
  person: "Person",
  asset: "Asset",
};

/**
 * Values other clients of the upstream have stored (older names and the emoji the app used to
 * show), mapped to our icons. Anything unknown is the generic asset pin.
 */
const ALIASES: Record<string, IconName> = {
  pickup: "ute",
  "pick-up": "ute",
  lorry: "truck",
  semi: "truck",
  plant: "excavator",
  digger: "excavator",
  machine: "excavator",
  box: "container",
  tracker: "sensor",
  beacon: "sensor",
  motorcycle: "motorbike",
  bike: "motorbike",
  scooter: "motorbike",
  ship: "boat",
  vessel: "boat",
  walker: "person",
  worker: "person",
  generic: "asset",
  pin: "asset",
  "🚗": "car",
  "🚚": "truck",
  "🚐": "van",
  "🛻": "ute",
  "🚌": "bus",
  "🚛": "trailer",
  "🚜": "excavator",
  "📦": "container",
  "📡": "sensor",
  "📍": "asset",
};

export function resolveIcon(avatar: string | null | undefined): IconName {
  const key = (avatar ?? "").trim().toLowerCase();
  // Own properties only: "constructor" must not count as an icon.
  if (Object.hasOwn(ICON_SHAPES, key)) return key as IconName;
  return Object.hasOwn(ALIASES, key) ? ALIASES[key]! : "asset";
}

const SVG_ATTRS = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  "stroke-width": 1.8,
  "stroke-linecap": "round",
  "stroke-linejoin": "round",
} as const;
const reactName = (k: string) => k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

const htmlCache = new Map<string, MapHtml>();
const attrs = (a: Record<string, string | number>) =>
  Object.entries(a).map(([k, v]) => mapHtml` ${k}="${v}"`);

/** The icon as SVG markup for Leaflet markers (map-text). Memoised: markers are rebuilt on every move. */
export function deviceIconHtml(avatar: string | null | undefined, size = 16): MapHtml {
  const name = resolveIcon(avatar);
  const key = `${name}|${size}`;
  let html = htmlCache.get(key);
  if (!html) {
    const body = ICON_SHAPES[name].map(([tag, a]) => mapHtml`<${tag}${attrs(a)}/>`);
    html = mapHtml`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"${attrs(SVG_ATTRS)} data-icon="${name}" aria-hidden="true" focusable="false">${body}</svg>`;
    htmlCache.set(key, html);
  }
  return html;
}

/** The icon as a React element. Decorative unless a title is given. */
export function DeviceIcon({
  avatar,
  size = 16,
  title,
  style,
}: {
  avatar: string | null | undefined;
  size?: number;
  title?: string;
  style?: React.CSSProperties;
}) {
  const name = resolveIcon(avatar);
  const svgProps: Record<string, unknown> = {
    width: size,
    height: size,
    "data-icon": name,
    focusable: "false",
    style: { flex: "none", verticalAlign: "-0.15em", ...style },
  };
  for (const [k, v] of Object.entries(SVG_ATTRS)) svgProps[reactName(k)] = v;
  if (title) {
    svgProps.role = "img";
    svgProps["aria-label"] = title;
  } else svgProps["aria-hidden"] = true;
  return createElement(
    "svg",
    svgProps,
    title ? createElement("title", null, title) : null,
    ...ICON_SHAPES[name].map(([tag, a], i) => createElement(tag, { key: i, ...a })),
  );
}

/** The picker's choices: the upstream's icon values with their labels. */
export const PICKER_ICONS = DEVICE_ICONS.map((value) => ({ value, label: ICON_LABELS[value] }));
