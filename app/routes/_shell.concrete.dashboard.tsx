import { Alert, Anchor, Badge, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { PageHead } from "~/modules/concrete/components/form-bits";
import { dashboardPage } from "~/modules/concrete/dashboard.server";
import { requireModule } from "~/services/guard.server";
import { useSettings } from "~/components/settings/settings-context";
import { formatCelsiusDelta } from "~/lib/units";

export const meta: MetaFunction = () => [{ title: "Concrete dashboard · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json(await dashboardPage(ctx));
}

/** Active pours, their strength against targets, breaches and what needs attention. */
export default function ConcreteDashboard() {
  const d = useLoaderData<typeof loader>();
  const { measurement } = useSettings().settings;
  return (
    <Stack gap="md" maw={1300}>
      <PageHead title="Concrete dashboard">
        Active pours with their in-place strength against their targets, open breaches and what
        needs attention.
      </PageHead>
      <Paper withBorder p="sm">
        <Title order={2} size="h4" mb="xs">
          Needs attention
        </Title>
        {d.attention.length ? (
          <Stack gap={6} data-testid="attention">
            {d.attention.map((a, i) => (
              <Group key={i} gap="xs" wrap="nowrap">
                <Badge color={a.level} variant="light" miw="fit-content">
                  {a.level === "red" ? "breach" : a.level === "blue" ? "reached" : "check"}
                </Badge>
                <Anchor component={Link} to={a.href} size="sm">
                  {a.text}
                </Anchor>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm">Nothing needs attention.</Text>
        )}
      </Paper>
      <Title order={2} size="h4">
        Active pours
      </Title>
      {d.rows.length ? null : <Alert color="gray">No pour is curing now.</Alert>}
      {d.rows.map((p) => {
        const design = p.design ?? 0;
        const pct = p.strength !== null && design ? Math.min(100, (p.strength / design) * 100) : 0;
        return (
          <Paper key={p.id} withBorder p="sm" data-testid="dashboard-pour">
            <Group justify="space-between" wrap="wrap">
              <Anchor component={Link} to={`/concrete/view-pour/${p.id}`} fw={600}>
                {p.element}
              </Anchor>
              <Text size="sm">
                Placed {formatZoned(p.placed_at, d.timeZone)}
                {p.mix ? ` · ${p.mix}` : ""}
              </Text>
            </Group>
            <Text size="sm" mt={4}>
              Strength{" "}
              {p.strength === null
                ? "unknown (no strength curve)"
                : `${p.strength.toFixed(1)} of ${design} MPa (${pct.toFixed(0)} %)`}
              {p.difference !== null
                ? ` · core–surface ${formatCelsiusDelta(p.difference, measurement)}`
                : ""}
              {p.openBreaches
                ? ` · ${p.openBreaches} open breach${p.openBreaches > 1 ? "es" : ""}`
                : ""}
            </Text>
            <Progress
              value={pct}
              mt={6}
              aria-label={`${p.element}: strength against design`}
              color={p.openBreaches ? "red" : "teal"}
            />
            <Group gap="xs" mt={6}>
              {p.targets.map((t) => (
                <Badge
                  key={t.name}
                  variant="light"
                  color={t.status === "reached" ? "teal" : "gray"}
                  miw="fit-content"
                >
                  {t.name} {t.percent} %:{" "}
                  {t.status === "reached"
                    ? "reached"
                    : t.status === "forecast" && t.at !== null
                      ? formatZoned(t.at, d.timeZone)
                      : "—"}
                </Badge>
              ))}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
