import { Alert, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  currentEndpoint,
  enablePush,
  permission,
  pushSupported,
  unsubscribeThisBrowser,
} from "./push-client";
import { ClientOnly } from "remix-utils/client-only";

type State = {
  supported: boolean;
  permission: NotificationPermission | "unsupported";
  endpoint: string | null;
};

/** This browser's push state, with the button that asks for permission (after the text above it). */
function PushSettingsClient({ onChange }: { onChange: (endpoint: string | null) => void }) {
  const [state, setState] = useState<State | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const refresh = async () => {
    const endpoint = await currentEndpoint();
    setState({ supported: pushSupported(), permission: permission(), endpoint });
    onChange(endpoint);
  };
  useEffect(() => {
    void refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!state) return <Text size="sm">Checking this browser…</Text>;
  if (!state.supported)
    return (
      <Alert color="gray">
        This browser cannot receive push notifications. Alerts still reach you in the app.
      </Alert>
    );
  if (state.permission === "denied") {
    return (
      <Alert color="yellow">
        Notifications are blocked for this site. Allow them in your browser&apos;s site settings,
        then reload this page.
      </Alert>
    );
  }
  const on = state.permission === "granted" && Boolean(state.endpoint);
  return (
    <Group gap="sm">
      <Badge color={on ? "teal" : "gray"} variant="light" data-testid="push-state">
        {on ? "On for this browser" : "Off for this browser"}
      </Badge>
      {on ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            await unsubscribeThisBrowser();
            await refresh();
            setBusy(false);
            revalidator.revalidate();
          }}
        >
          Turn off for this browser
        </Button>
      ) : (
        <Button
          size="xs"
          loading={busy}
          data-testid="push-enable"
          onClick={async () => {
            setBusy(true);
            await enablePush();
            await refresh();
            setBusy(false);
            revalidator.revalidate();
          }}
        >
          Turn on browser alerts
        </Button>
      )}
    </Group>
  );
}

export function PushSettings({ onEndpoint }: { onEndpoint: (endpoint: string | null) => void }) {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Browser alerts appear even when Tracksmith is closed. Your browser asks for permission once;
        turn them on in each browser you use.
      </Text>
      <ClientOnly fallback={<Text size="sm">Browser alerts need JavaScript.</Text>}>
        {() => <PushSettingsClient onChange={onEndpoint} />}
      </ClientOnly>
    </Stack>
  );
}
