import { Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * Where a feature truly needs JavaScript (the live map, a replay, a chart): said once, in the
 * server-rendered page, and only to a browser that runs no scripts.
 */
export function NoScriptNote({ children }: { children: ReactNode }) {
  return (
    <noscript>
      <Text size="sm" fw={600} ta="center" data-testid="noscript-note">
        {children}
      </Text>
    </noscript>
  );
}

/**
 * The class of a state that only makes sense while scripts run ("Map loading…", "Connecting…"):
 * app.css hides it without JavaScript, so nothing waits forever.
 */
export const JS_ONLY = "ts-js-only";
