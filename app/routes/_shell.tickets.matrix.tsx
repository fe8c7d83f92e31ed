import { Button, Group, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { HeatLegend, TicketMatrix } from "~/modules/tickets/components/ticket-matrix";
import { matrixPage } from "~/modules/tickets/matrix.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Ticket matrix · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "tickets");
  return json(await matrixPage(ctx, new URL(request.url)));
}

/** Tickets matrix (SPEC §2.6 matrix): types (or jobsites) × status with counts and SLA heat. */
export default function TicketsMatrix() {
  const d = useLoaderData<typeof loader>();
  const byType = d.by === "type";
  const hrefOf = (row: string, status: string) =>
    `/tickets/admin?${byType ? "type" : "jobsite"}=${encodeURIComponent(row)}&status=${status}`;
  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={1} size="h2">
          Ticket matrix
        </Title>
        <Text c="dimmed" size="sm">
          {d.total} tickets by {byType ? "type" : "jobsite"} and status; service levels counted in
          working hours ({d.timeZone}), public holidays left out.
        </Text>
      </div>
      <Group gap="xs" role="group" aria-label="Rows">
        <Button
          component={Link}
          to="?by=type"
          variant={byType ? "filled" : "light"}
          aria-current={byType ? "page" : undefined}
        >
          By type
        </Button>
        <Button
          component={Link}
          to="?by=jobsite"
          variant={byType ? "light" : "filled"}
          aria-current={byType ? undefined : "page"}
        >
          By jobsite
        </Button>
      </Group>
      <HeatLegend />
      <TicketMatrix matrix={d.matrix} rowHeader={byType ? "Type" : "Jobsite"} hrefOf={hrefOf} />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
