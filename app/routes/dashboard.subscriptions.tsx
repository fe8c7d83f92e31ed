import {
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CompanyTime } from "~/components/company-time";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { subscriptionsPage } from "~/modules/admin/billing.server";
import { money } from "~/modules/admin/money";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Subscriptions · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json(await subscriptionsPage(ctx));
}

function Usage({ label, used, limit }: { label: string; used: number; limit: number }) {
  const pct = Math.min(100, Math.round((used / Math.max(1, limit)) * 100));
  return (
    <Paper withBorder p="md">
      <Text fw={600}>{label}</Text>
      <Text size="sm" mb={6} data-testid={`usage-${label.toLowerCase().replace(/\s+/g, "-")}`}>
        {used} of {limit} used
      </Text>
      <Progress
        value={pct}
        color={pct >= 100 ? "red" : pct >= 90 ? "orange" : "teal"}
        aria-label={`${label}: ${used} of ${limit}`}
      />
    </Paper>
  );
}

/** Subscriptions (SPEC §2.3): the plan, its limits with usage, renewal, invoices. */
export default function Subscriptions() {
  const d = useLoaderData<typeof loader>();
  const s = d.subscription;
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Subscriptions
          </Title>
          <Text c="dimmed" size="sm" data-testid="plan">
            {d.plan?.name ?? s.plan_id} plan · renews on{" "}
            <CompanyTime at={s.renews_at} kind="date" />
          </Text>
        </div>
        {d.canManage ? (
          <Button component={Link} to="/dashboard/purchase-subscriptions">
            Buy more licences
          </Button>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Usage label="Device licences" used={s.used_devices} limit={s.devices} />
        <Usage label="User licences" used={s.used_users} limit={s.users} />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Payment method
        </Title>
        <Text size="sm" data-testid="card">
          {d.card
            ? `${d.card.brand} ending ${d.card.last4}, expires ${String(d.card.exp_month).padStart(2, "0")}/${d.card.exp_year}`
            : "No card on file."}{" "}
          <Anchor component={Link} to="/dashboard/payment-details">
            Payment details
          </Anchor>
        </Text>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Invoices
        </Title>
        <Table.ScrollContainer minWidth={620}>
          <Table data-testid="invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Download</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.invoices.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{i.number}</Table.Td>
                  <Table.Td>
                    <CompanyTime at={i.issued_at} kind="date" />
                  </Table.Td>
                  <Table.Td>{i.description}</Table.Td>
                  <Table.Td ta="right">{money(i.amount_cents)}</Table.Td>
                  <Table.Td>{i.status === "paid" ? "Paid" : "Open"}</Table.Td>
                  <Table.Td>
                    {/* A file from our server: a plain link, not client navigation. */}
                    <Anchor
                      href={`/dashboard/invoices/${i.id}/pdf`}
                      download
                      aria-label={`PDF of invoice ${i.number}`}
                    >
                      PDF
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
