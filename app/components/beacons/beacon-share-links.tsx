import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { LocalTime } from "~/components/local-time";

type Link = { id: string; uuid: string; expiresAt: string; active: boolean; revokedAt: string | null };
type Result = { intent: string; ok: boolean; message?: string; errors?: Record<string, string>; shareUrl?: string } | undefined;

/** Create and revoke the links that open the public beacon dashboard (plain forms: no JavaScript needed). */
export function BeaconShareLinks({ links, durations, result }: { links: Link[]; durations: { minutes: number; label: string }[]; result: Result }) {
  const url = (l: Link) => `/beacons/dashboard/${l.uuid}?share=${l.id}`;
  const feedback = result && (result.intent === "share" || result.intent === "share-revoke") && result.message;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Share this beacon's position
        </Title>
        <Form method="post" data-testid="beacon-share-form">
          <input type="hidden" name="intent" value="share" />
          <Group align="flex-end">
            <NativeSelect
              name="minutes"
              label="Link works for"
              data={durations.map((d) => ({ value: String(d.minutes), label: d.label }))}
              defaultValue="60"
              error={result?.intent === "share" ? result.errors?.minutes : undefined}
            />
            <Button type="submit">Create share link</Button>
          </Group>
        </Form>
        {feedback ? (
          <Alert color={result.ok ? "green" : "red"} variant="light" role="status">
            {result.message}
          </Alert>
        ) : null}
        {links.length ? (
          <Stack gap={4}>
            {links.map((l) => (
              <Group key={l.id} justify="space-between" data-testid="beacon-share-link" data-active={l.active}>
                <Text size="sm" style={{ wordBreak: "break-all" }}>
                  {l.active ? <a href={url(l)}>{url(l).slice(0, 60)}…</a> : <s>/beacons/dashboard/…</s>}{" "}
                  <span>{l.revokedAt ? "revoked" : l.active ? <>until <LocalTime at={l.expiresAt} /></> : "expired"}</span>
                </Text>
                {l.active ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="share-revoke" />
                    <input type="hidden" name="id" value={l.id} />
                    <Button type="submit" size="xs" variant="outline" color="red">
                      Revoke
                    </Button>
                  </Form>
                ) : null}
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No share links yet. Without one, the public beacon page shows nothing.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
