import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import {
  DEFAULT_SETTINGS,
  parseSettings,
  parseSettingsJson,
  SETTINGS_STORAGE_KEY,
  settingsCookieString,
  type MapPreferences,
  type Settings,
} from "~/lib/settings";

export type SettingsContextValue = {
  settings: Settings;
  /** Changes some settings; saved to localStorage and the mirror cookie at once. */
  update: (patch: Partial<Omit<Settings, "map">>) => void;
  updateMap: (patch: Partial<MapPreferences>) => void;
  reset: () => void;
};

const SettingsContext = createContext<SettingsContextValue | null>(null);

function persist(settings: Settings) {
  try {
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode or a full quota: the cookie still carries the settings.
  }
  document.cookie = settingsCookieString(settings, window.location.protocol === "https:");
}

/**
 * Holds the settings for the whole app. The first render uses what the server read from the
 * cookie (so server and browser agree and the theme never flashes); after hydration the newer of
 * localStorage and the cookie is kept, and the cookie is rewritten from it.
 */
export function SettingsProvider({
  initial,
  children,
}: {
  initial: Settings;
  children: ReactNode;
}) {
  const [settings, setSettings] = useState<Settings>(initial);

  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(SETTINGS_STORAGE_KEY);
    } catch {
      stored = null;
    }
    const local = stored ? parseSettingsJson(stored) : null;
    // The cookie wins when it is newer: a change made on a page without JavaScript (the form).
    const next = local && local.savedAt >= initial.savedAt ? local : initial;
    persist(next);
    if (JSON.stringify(next) !== JSON.stringify(initial)) setSettings(next);
    // Only on mount: later changes go through update().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const apply = useCallback((make: (current: Settings) => Settings) => {
    setSettings((current) => {
      const next = parseSettings({ ...make(current), savedAt: Date.now() });
      persist(next);
      return next;
    });
  }, []);

  const value = useMemo<SettingsContextValue>(
    () => ({
      settings,
      update: (patch) => apply((c) => ({ ...c, ...patch, map: c.map })),
      updateMap: (patch) => apply((c) => ({ ...c, map: { ...c.map, ...patch } })),
      reset: () => apply(() => ({ ...DEFAULT_SETTINGS, map: { ...DEFAULT_SETTINGS.map } })),
    }),
    [settings, apply],
  );

  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

/**
 * The user's settings and map preferences (SPEC §2.11), for any component:
 * `const { settings } = useSettings(); settings.map.overlay, settings.cluster, settings.measurement`.
 */
export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value)
    throw new Error(
      "useSettings must be used inside <SettingsProvider> (app/root.tsx provides it)",
    );
  return value;
}
