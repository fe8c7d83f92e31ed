import { Loader, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";

/**
 * SPEC §2.10: a loading screen until the session has initialised. The server already rendered the
 * page (and its session data), so "initialised" means hydrated: the overlay covers the page while
 * the scripts load and disappears once React has taken over (or after 3 s at most, so a slow or
 * failed script never locks the user out of a page they can already read). Without JavaScript it
 * never shows.
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
      {/* On a slow device the server-rendered page is usable long before scripts finish: never block it for more than 3 s. */}
      <style>
        {
          "@keyframes ts-loading-out{to{opacity:0;visibility:hidden}}.ts-loading-screen{animation:ts-loading-out .2s ease 3s forwards}"
        }
      </style>
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
