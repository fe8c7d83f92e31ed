import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { formatZoned } from "~/lib/zoned-time";

export type NewInstallRow = {
  imei: string;
  nickname: string;
  installedAt: string;
  checkedAt: string | null;
};

/**
 * Devices fitted today that the fleet list does not carry yet, each with its installation check
 * (or the date of its certificate once checked). Nothing at all when there are none.
 */
export function NewInstallsPanel({ rows, timeZone }: { rows: NewInstallRow[]; timeZone: string }) {
  if (!rows.length) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="new-installs-title">
      <Title order={2} size="h4" id="new-installs-title" mb="xs">
        New installs awaiting their check
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {rows.map((r) => (
          <Group
            key={r.imei}
            component="li"
            justify="space-between"
            gap="xs"
            wrap="wrap"
            data-testid="new-install"
            data-imei={r.imei}
          >
            <div>
              <Text fw={600}>{r.nickname}</Text>
              <Text size="sm">
                IMEI {r.imei} · installed {formatZoned(r.installedAt, timeZone, "datetime")}
              </Text>
            </div>
            {r.checkedAt ? (
              <Text size="sm" data-testid="new-install-checked">
                <Text span fw={600}>
                  Checked
                </Text>{" "}
                {formatZoned(r.checkedAt, timeZone, "datetime")}
              </Text>
            ) : (
              <Anchor
                component={Link}
                to={`/installation/${encodeURIComponent(r.imei)}`}
                aria-label={`Start the installation check of ${r.nickname}`}
              >
                Start the installation check
              </Anchor>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
