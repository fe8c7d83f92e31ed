import { Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { LocalTime } from "~/components/local-time";

export type ShareLinkRow = { id: string; expiresAt: string; active: boolean; revokedAt: string | null };

/** Creates a share link (a plain form: intent=share, minutes). */
export function ShareLinkForm({ durations, error, testid }: { durations: { minutes: number; label: string }[]; error?: string; testid: string }) {
  return (
    <Form method="post" data-testid={testid}>
      <input type="hidden" name="intent" value="share" />
      <Group align="flex-end">
        <NativeSelect name="minutes" label="Link works for" data={durations.map((d) => ({ value: String(d.minutes), label: d.label }))} defaultValue="60" error={error} />
        <Button type="submit">Create share link</Button>
      </Group>
    </Form>
  );
}

/** The links made so far, each with its state and a revoke button (intent=share-revoke) while active. */
export function ShareLinkRows<L extends ShareLinkRow>({ links, href, shown, hidden, empty, testid }: {
  links: L[];
  href: (l: L) => string;
  shown: (l: L) => string;
  hidden: string;
  empty: string;
  testid: string;
}) {
  if (!links.length) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {links.map((l) => (
        <Group key={l.id} justify="space-between" data-testid={testid} data-active={l.active}>
          <Text size="sm" style={{ wordBreak: "break-all" }}>
            {l.active ? <a href={href(l)}>{shown(l)}</a> : <s>{hidden}</s>}{" "}
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
  );
}
