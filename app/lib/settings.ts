/**
 * User-adjustable settings and map preferences (SPEC §2.11). Pure: shared by the server (which reads
 * the mirror cookie so the first paint already has the right theme) and the browser (which keeps
 * them in localStorage).
 */
export const THEMES = ["LIGHT", "DARK", "NATURE"] as const;
export type ThemeName = (typeof THEMES)[number];

export type Settings = {
  theme: ThemeName;
  direction: "ltr" | "rtl";
  responsiveFontSizes: boolean;
  roundedCorners: boolean;
  compact: boolean;
  compactView: boolean;
  /** Colour device icons by their status rather than one colour. */
  iconColor: boolean;
  /** Resolve addresses from exact coordinates instead of the nearest street. */
  accurateAddress: boolean;
  /** Group device lists by their groups. */
  groupView: boolean;
  cluster: boolean;
  colouredCluster: boolean;
  measurement: "metric" | "imperial";
  /** Side menu collapsed by the user (the shell, not SPEC §2.11; kept here so the server renders it). */
  navCollapsed: boolean;
  map: MapPreferences;
  /**
   * When these settings were last changed (ms since 1970; 0: never). The browser keeps a copy in
   * localStorage and the cookie carries one to the server; a change made without JavaScript
   * reaches only the cookie, so the newer of the two wins.
   */
  savedAt: number;
};

export type MapPreferences = {
  overlay: "normal" | "satellite";
  customGeofences: boolean;
  jobsiteGeofences: boolean;
  vehicleLabels: boolean;
  railmap: boolean;
};

export const DEFAULT_SETTINGS: Settings = {
  theme: "LIGHT",
  direction: "ltr",
  responsiveFontSizes: true,
  roundedCorners: true,
  compact: false,
  compactView: false,
  iconColor: true,
  accurateAddress: false,
  groupView: false,
  cluster: true,
  colouredCluster: true,
  measurement: "metric",
  navCollapsed: false,
  map: {
    overlay: "normal",
    customGeofences: true,
    jobsiteGeofences: true,
    vehicleLabels: true,
    railmap: false,
  },
  savedAt: 0,
};

/** The on/off settings, in the order the settings panel shows them. */
export const SETTING_FLAGS = [
  "responsiveFontSizes",
  "roundedCorners",
  "compact",
  "compactView",
  "iconColor",
  "accurateAddress",
  "groupView",
  "cluster",
  "colouredCluster",
] as const satisfies ReadonlyArray<keyof Settings>;

export const MAP_FLAGS = [
  "customGeofences",
  "jobsiteGeofences",
  "vehicleLabels",
  "railmap",
] as const satisfies ReadonlyArray<keyof MapPreferences>;

export const SETTINGS_STORAGE_KEY = "tracksmith.settings";
/** The `form` field of the display-settings form, which the root action answers. */
export const DISPLAY_SETTINGS_FORM = "display-settings";
export const SETTINGS_COOKIE = "tracksmith_settings";

/** SPEC §8: an invalid theme name logs a warning and falls back to light. */
export function normalizeTheme(
  name: unknown,
  warn: (message: string) => void = console.warn,
): ThemeName {
  const upper = typeof name === "string" ? name.toUpperCase() : name;
  if (THEMES.includes(upper as ThemeName)) return upper as ThemeName;
  warn(`Unknown theme ${JSON.stringify(name)}; falling back to LIGHT`);
  return "LIGHT";
}

function bool(value: unknown, fallback: boolean) {
  return typeof value === "boolean" ? value : fallback;
}

function oneOf<T extends string>(value: unknown, options: readonly T[], fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

/** Any stored value (old, partial, tampered) to a complete, valid Settings object. */
export function parseSettings(raw: unknown, warn?: (message: string) => void): Settings {
  const d = DEFAULT_SETTINGS;
  if (!raw || typeof raw !== "object") return { ...d, map: { ...d.map } };
  const r = raw as Record<string, unknown>;
  const m = (r.map && typeof r.map === "object" ? r.map : {}) as Record<string, unknown>;
  return {
    theme: r.theme === undefined ? d.theme : normalizeTheme(r.theme, warn),
    direction: oneOf(r.direction, ["ltr", "rtl"] as const, d.direction),
    responsiveFontSizes: bool(r.responsiveFontSizes, d.responsiveFontSizes),
    roundedCorners: bool(r.roundedCorners, d.roundedCorners),
    compact: bool(r.compact, d.compact),
    compactView: bool(r.compactView, d.compactView),
    iconColor: bool(r.iconColor, d.iconColor),
    accurateAddress: bool(r.accurateAddress, d.accurateAddress),
    groupView: bool(r.groupView, d.groupView),
    cluster: bool(r.cluster, d.cluster),
    colouredCluster: bool(r.colouredCluster, d.colouredCluster),
    measurement: oneOf(r.measurement, ["metric", "imperial"] as const, d.measurement),
    navCollapsed: bool(r.navCollapsed, d.navCollapsed),
    map: {
      overlay: oneOf(m.overlay, ["normal", "satellite"] as const, d.map.overlay),
      customGeofences: bool(m.customGeofences, d.map.customGeofences),
      jobsiteGeofences: bool(m.jobsiteGeofences, d.map.jobsiteGeofences),
      vehicleLabels: bool(m.vehicleLabels, d.map.vehicleLabels),
      railmap: bool(m.railmap, d.map.railmap),
    },
    savedAt:
      typeof r.savedAt === "number" && Number.isFinite(r.savedAt) && r.savedAt > 0 ? r.savedAt : 0,
  };
}

export function parseSettingsJson(
  text: string | null | undefined,
  warn?: (message: string) => void,
): Settings {
  if (!text) return parseSettings(null);
  try {
    return parseSettings(JSON.parse(text), warn);
  } catch {
    return parseSettings(null);
  }
}

/** The settings from a Cookie header (the server's first render). */
export function settingsFromCookieHeader(
  header: string | null,
  warn?: (message: string) => void,
): Settings {
  const pair = (header ?? "")
    .split(/;\s*/)
    .map((p) => p.split("="))
    .find(([name]) => name === SETTINGS_COOKIE);
  if (!pair) return parseSettings(null);
  try {
    return parseSettingsJson(decodeURIComponent(pair.slice(1).join("=")), warn);
  } catch {
    return parseSettings(null);
  }
}

/** The Set-Cookie-free `document.cookie` string that mirrors the settings for the server (one year). */
export function settingsCookieString(settings: Settings, secure = false): string {
  return `${SETTINGS_COOKIE}=${encodeURIComponent(JSON.stringify(settings))}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The settings a posted display-settings form asks for (the form that works without JavaScript):
 * every field of the panel is in it, so an absent switch is off. `intent=reset` restores the
 * defaults (the menu keeps its collapse state). Values are checked as any stored value is.
 */
export function settingsFromForm(
  current: Settings,
  form: { get(name: string): unknown },
  warn?: (message: string) => void,
): Settings {
  if (form.get("intent") === "reset")
    return {
      ...DEFAULT_SETTINGS,
      map: { ...DEFAULT_SETTINGS.map },
      navCollapsed: current.navCollapsed,
    };
  const field = (name: string, fallback: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : fallback;
  };
  const on = (name: string) => form.get(name) === "on";
  return parseSettings(
    {
      ...current,
      theme: field("theme", current.theme),
      direction: field("direction", current.direction),
      measurement: field("measurement", current.measurement),
      ...Object.fromEntries(SETTING_FLAGS.map((k) => [k, on(k)])),
      map: {
        ...current.map,
        overlay: field("map.overlay", current.map.overlay),
        ...Object.fromEntries(MAP_FLAGS.map((k) => [k, on(`map.${k}`)])),
      },
    },
    warn,
  );
}

/** Distances in the user's unit: one implementation, in units.ts. */
export { formatDistance } from "~/lib/units";
