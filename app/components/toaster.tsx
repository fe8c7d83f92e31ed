import { Alert } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";

/** A toast as the root loader hands it over (the shape of ~/services/toast.server's Toast). */
export type ToastMessage = {
  id: string;
  type: "success" | "error" | "info";
  title?: string;
  description: string;
};

const COLORS = { success: "teal", error: "red", info: "blue" } as const;

/**
 * Shows the flashed toast once. The server renders it as a status region, so it is read without
 * JavaScript too; once hydrated, the client turns it into a notification (Notifications' limit
 * keeps at most three on screen) and drops the region.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!toast) return;
    notifications.show({
      id: toast.id,
      title: toast.title,
      message: toast.description,
      color: COLORS[toast.type],
      autoClose: toast.type === "error" ? 10_000 : 5_000,
      "data-testid": "toast",
    } as Parameters<typeof notifications.show>[0]);
  }, [toast]);
  if (!toast || hydrated) return null;
  return (
    <Alert
      role="status"
      data-testid="toast"
      color={COLORS[toast.type]}
      title={toast.title}
      variant="filled"
      pos="fixed"
      top={16}
      right={16}
      maw={420}
      // Without JavaScript it cannot be closed, so it must never cover what the user clicks next.
      style={{ zIndex: 1000, pointerEvents: "none" }}
    >
      {toast.description}
    </Alert>
  );
}
