import { describe, expect, it, vi } from "vitest";
import {
  DEFAULT_SETTINGS,
  formatDistance,
  normalizeTheme,
  parseSettings,
  parseSettingsJson,
  SETTINGS_COOKIE,
  settingsCookieString,
  settingsFromCookieHeader,
  settingsFromForm,
} from "~/lib/settings";

describe("settings defaults", () => {
  it("are metric with the normal overlay (SPEC §9)", () => {
    expect(DEFAULT_SETTINGS.measurement).toBe("metric");
    expect(DEFAULT_SETTINGS.map.overlay).toBe("normal");
    expect(DEFAULT_SETTINGS.theme).toBe("LIGHT");
  });
});

describe("normalizeTheme", () => {
  it("accepts the three themes in any case", () => {
    expect(normalizeTheme("DARK")).toBe("DARK");
    expect(normalizeTheme("nature")).toBe("NATURE");
  });

  it("warns and falls back to light for an invalid name (SPEC §8)", () => {
    const warn = vi.fn();
    expect(normalizeTheme("PURPLE", warn)).toBe("LIGHT");
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0][0]).toContain("PURPLE");
  });

  it("uses console.warn by default", () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    normalizeTheme(42);
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });
});

describe("parseSettings", () => {
  it("fills what is missing and drops what is invalid", () => {
    const s = parseSettings(
      {
        theme: "DARK",
        measurement: "furlongs",
        cluster: "yes",
        map: { overlay: "satellite", railmap: true },
      },
      () => {},
    );
    expect(s.theme).toBe("DARK");
    expect(s.measurement).toBe("metric");
    expect(s.cluster).toBe(true);
    expect(s.map).toEqual({ ...DEFAULT_SETTINGS.map, overlay: "satellite", railmap: true });
  });

  it("never shares the defaults object", () => {
    const s = parseSettings(null);
    s.map.railmap = true;
    expect(DEFAULT_SETTINGS.map.railmap).toBe(false);
  });

  it("survives broken JSON", () => {
    expect(parseSettingsJson("{nope")).toEqual(DEFAULT_SETTINGS);
  });
});

describe("the settings cookie", () => {
  it("round-trips through a Cookie header", () => {
    const s = { ...DEFAULT_SETTINGS, theme: "NATURE" as const, direction: "rtl" as const };
    const cookie = settingsCookieString(s).split(";")[0];
    expect(settingsFromCookieHeader(`other=1; ${cookie}; x=y`)).toEqual(s);
  });

  it("gives the defaults without the cookie or with garbage", () => {
    expect(settingsFromCookieHeader(null)).toEqual(DEFAULT_SETTINGS);
    expect(settingsFromCookieHeader(`${SETTINGS_COOKIE}=%E0%A4%A`)).toEqual(DEFAULT_SETTINGS);
  });
});

describe("formatDistance", () => {
  it("follows the measurement setting", () => {
    expect(formatDistance(10, "metric")).toBe("10.0 km");
    expect(formatDistance(10, "imperial")).toBe("6.2 mi");
  });
});

describe("settingsFromForm (the display-settings form without JavaScript)", () => {
  const form = (entries: Record<string, string>) => new URLSearchParams(entries);

  it("takes the choices and treats an absent switch as off", () => {
    const s = settingsFromForm(
      DEFAULT_SETTINGS,
      form({
        theme: "DARK",
        measurement: "imperial",
        "map.overlay": "satellite",
        cluster: "on",
        "map.railmap": "on",
      }),
    );
    expect(s).toMatchObject({ theme: "DARK", measurement: "imperial", cluster: true });
    expect(s.roundedCorners).toBe(false);
    expect(s.map).toMatchObject({ overlay: "satellite", railmap: true, vehicleLabels: false });
  });

  it("keeps what the form does not carry and refuses invalid values", () => {
    const current = { ...DEFAULT_SETTINGS, navCollapsed: true, direction: "rtl" as const };
    const warn = vi.fn();
    const s = settingsFromForm(current, form({ theme: "PURPLE", measurement: "furlongs" }), warn);
    expect(s).toMatchObject({
      theme: "LIGHT",
      measurement: "metric",
      direction: "rtl",
      navCollapsed: true,
    });
    expect(warn).toHaveBeenCalled();
  });

  it("resets to the defaults, keeping the menu's collapse state", () => {
    const current = { ...DEFAULT_SETTINGS, theme: "NATURE" as const, navCollapsed: true };
    expect(settingsFromForm(current, form({ intent: "reset", theme: "DARK" }))).toEqual({
      ...DEFAULT_SETTINGS,
      navCollapsed: true,
    });
  });

  it("reads the time of the last change, so the newer of cookie and storage wins", () => {
    expect(parseSettings({ savedAt: 1_700_000_000_000 }).savedAt).toBe(1_700_000_000_000);
    expect(parseSettings({ savedAt: "soon" }).savedAt).toBe(0);
    expect(parseSettings({ savedAt: -5 }).savedAt).toBe(0);
  });
});
