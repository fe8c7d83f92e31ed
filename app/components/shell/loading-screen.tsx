import { Loader, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";

/**
 * SPEC §2.10: a loading screen until the session has initialised. The server already rendered the
 * page (and its session data), so "initialised" means hydrated: the overlay covers the page while
 * the scripts load and disappears once React has taken over. Without JavaScript it never shows.
 */
export function LoadingScreen() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (hydrated) return null;
  return (
    <>
      <noscript>
        <style>{".ts-loading-screen{display:none !important}"}</style>
      </noscript>
      <div
        className="ts-loading-screen"
        data-testid="loading-screen"
        role="status"
        aria-live="polite"
        style={{
          position: "fixed",
          inset: 0,
          zIndex: 10000,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          background: "var(--mantine-color-body)",
        }}
      >
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">Loading Tracksmith…</Text>
        </Stack>
      </div>
    </>
  );
}
