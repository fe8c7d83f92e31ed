import { Button, Code, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { CompanyTime } from "~/components/company-time";
import { TRACKING_DAYS_OPTIONS } from "../delivery-form";

type Link = {
  id: string;
  expiresAt: string;
  revokedAt: string | null;
  state: "active" | "expired" | "revoked";
};

/** The recipients' tracking links of one delivery: make one, copy it, revoke it. */
export function TrackingLinksPanel({
  links,
  origin,
  busy,
}: {
  links: Link[];
  origin: string;
  busy: boolean;
}) {
  const data = { links, origin };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Recipient tracking links
        </Title>
        <Text size="sm" c="dimmed">
          Anyone with a link sees the status, the ETA, the vehicle only on its way to this drop-off,
          and the proof of delivery, until the link expires or is revoked.
        </Text>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="link-create" />
          <Group align="flex-end" gap="xs">
            <NativeSelect
              name="days"
              label="Works for"
              defaultValue="2"
              data={TRACKING_DAYS_OPTIONS.map((n) => ({
                value: String(n),
                label: `${n} day${n === 1 ? "" : "s"}`,
              }))}
            />
            <Button type="submit" variant="light" loading={busy}>
              Make a tracking link
            </Button>
          </Group>
        </Form>
        {data.links.length === 0 ? (
          <Text size="sm">No tracking links yet.</Text>
        ) : (
          <Stack gap="xs" data-testid="tracking-links">
            {data.links.map((l) => (
              <Paper key={l.id} withBorder p="xs" data-state={l.state}>
                <Stack gap={4}>
                  {l.state === "active" ? (
                    <Code style={{ wordBreak: "break-all" }} data-testid="tracking-url">
                      {`${data.origin}/track/${l.id}`}
                    </Code>
                  ) : null}
                  <Group justify="space-between" gap="xs">
                    <Text size="xs">
                      {l.state === "active"
                        ? "Works until "
                        : l.state === "revoked"
                          ? "Revoked "
                          : "Expired "}
                      <CompanyTime
                        at={l.state === "revoked" ? l.revokedAt : l.expiresAt}
                        kind="datetime"
                      />
                    </Text>
                    {l.state === "active" ? (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="link-revoke" />
                        <input type="hidden" name="link" value={l.id} />
                        <Button type="submit" size="compact-sm" color="red" variant="subtle">
                          Revoke
                        </Button>
                      </Form>
                    ) : null}
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
