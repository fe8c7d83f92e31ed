import {
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CompanyTime } from "~/components/company-time";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { subscriptionsPage } from "~/modules/admin/billing.server";
import { money } from "~/modules/admin/money";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Subscriptions · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json(await subscriptionsPage(ctx));
}

type Invoice = ReturnType<typeof useLoaderData<typeof loader>>["invoices"][number];
const col = createColumnHelper<Invoice>();

const INVOICE_COLUMNS = [
  col.accessor("number", { header: "Invoice" }),
  col.accessor("issued_at", {
    header: "Date",
    cell: ({ getValue }) => <CompanyTime at={getValue()} kind="date" />,
  }),
  col.accessor("description", { header: "Description" }),
  col.accessor("amount_cents", {
    header: "Amount",
    meta: { align: "right" },
    cell: ({ getValue }) => money(getValue()),
  }),
  col.accessor("status", {
    header: "Status",
    cell: ({ getValue }) => (getValue() === "paid" ? "Paid" : "Open"),
  }),
  col.display({
    id: "download",
    header: "Download",
    // A file from our server: a plain link, not client navigation.
    cell: ({ row: { original: i } }) => (
      <Anchor
        href={`/dashboard/invoices/${i.id}/pdf`}
        download
        aria-label={`PDF of invoice ${i.number}`}
      >
        PDF
      </Anchor>
    ),
  }),
];

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
        <DataTable
          data={d.invoices}
          columns={INVOICE_COLUMNS}
          getRowId={(i) => String(i.id)}
          testId="invoices"
          label="Invoices"
          minWidth={620}
          striped={false}
          highlightOnHover={false}
          empty="No invoices yet."
        />
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
