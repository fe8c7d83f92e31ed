import { Button, CloseButton, Group, Paper, Portal, Text, Transition } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  dismissPrompt,
  enablePush,
  permission,
  promptDismissedRecently,
  subscribeThisBrowser,
} from "./push-client";

/**
 * After sign-in: when the browser has not decided about notifications yet, explain what push
 * alerts are and let the user choose; the browser's own question comes only from the button.
 * Already granted: the subscription is (re)sent quietly. Denied or unsupported: nothing.
 * The notifications page has its own controls, so the card stays off that page.
 */
/**
 * Browser tests (navigator.webdriver) click all over the shell; a floating card would sit on top
 * of what they click. They see it only when they opt in, as the notifications test does.
 */
function automatedWithoutOptIn(): boolean {
  try {
    return (
      navigator.webdriver === true &&
      sessionStorage.getItem("tracksmith.pushPrompt.automation") !== "1"
    );
  } catch {
    return false;
  }
}

export function PushPrompt() {
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    const state = permission();
    if (state === "granted") void subscribeThisBrowser();
    // A short delay: the card follows the page, it never greets the user before it.
    const t = setTimeout(
      () => setShow(state === "default" && !promptDismissedRecently() && !automatedWithoutOptIn()),
      1500,
    );
    return () => clearTimeout(t);
  }, []);
  const visible = show && pathname !== "/dashboard/notifications";
  return (
    // A portal: inside the top bar the card would share its stacking context, under the side menu.
    <Portal>
      <Transition mounted={visible} transition="slide-up" duration={200}>
        {(styles) => (
          <Paper
            role="dialog"
            aria-labelledby="push-prompt-title"
            withBorder
            shadow="md"
            p="md"
            radius="md"
            maw={380}
            style={{ ...styles, position: "fixed", left: 16, bottom: 16, zIndex: 300 }}
            data-testid="push-prompt"
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text id="push-prompt-title" fw={600}>
                Get alerts when Tracksmith is closed?
              </Text>
              <CloseButton aria-label="Not now" onClick={() => (dismissPrompt(), setShow(false))} />
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              Your browser can show geofence, overspeed, offline and other alerts from your fleet
              even when this tab is closed. You choose which alerts in Notifications; you can turn
              this off at any time.
            </Text>
            <Group mt="sm" gap="xs">
              <Button
                size="xs"
                loading={busy}
                onClick={async () => {
                  setBusy(true);
                  await enablePush();
                  setBusy(false);
                  setShow(false);
                }}
                data-testid="push-prompt-enable"
              >
                Turn on browser alerts
              </Button>
              <Button size="xs" variant="subtle" onClick={() => (dismissPrompt(), setShow(false))}>
                Not now
              </Button>
            </Group>
          </Paper>
        )}
      </Transition>
    </Portal>
  );
}
