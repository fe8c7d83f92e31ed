import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useOutlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { reportAllowed, REPORTS } from "~/modules/reports/catalogue";
import { requireReports } from "~/modules/reports/report-access.server";

export const meta: MetaFunction = () => [{ title: "Reports · Tracksmith" }];

/** The report catalogue (SPEC §3 "a reports list"); /dashboard/reports/{kind} renders inside as the outlet. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireReports(request);
  return json({
    reports: REPORTS.filter((r) => reportAllowed(user, r)).map((r) => ({
      kind: r.kind,
      title: r.title,
      description: r.description,
      area: r.area,
    })),
  });
}

const AREAS: Record<string, string> = {
  reports: "Trips and activity",
  fleet: "Fleet",
  safety: "Safety",
};

export function ReportCatalogue({
  reports,
  title = "Reports",
}: {
  reports: { kind: string; title: string; description: string; area: string }[];
  title?: string;
}) {
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        <Anchor component={Link} to="/dashboard/scheduled-reports">
          Scheduled reports
        </Anchor>
      </Group>
      <Text c="dimmed" size="sm">
        Open a report to choose vehicles and dates, see its table, totals and chart, download it as
        CSV, Excel or PDF, or email it on a schedule.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {reports.map((r) => (
          <Card
            key={r.kind}
            withBorder
            padding="md"
            component={Link}
            to={`/dashboard/reports/${r.kind}`}
            data-testid={`report-${r.kind}`}
          >
            <Stack gap={4}>
              <Group justify="space-between">
                <Text fw={600}>{r.title}</Text>
                <Badge variant="light" size="sm">
                  {AREAS[r.area]}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {r.description}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export default function Reports() {
  const outlet = useOutlet();
  const { reports } = useLoaderData<typeof loader>();
  return outlet ?? <ReportCatalogue reports={reports} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
