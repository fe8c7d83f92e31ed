import { Badge, Group, Paper, Text, VisuallyHidden } from "@mantine/core";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { confirmColumn } from "~/components/data-table/confirm-column";
import { CompanyTime } from "~/components/company-time";

export type BrowserRow = {
  id: string;
  endpoint: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
};

const col = createColumnHelper<BrowserRow>();

function browserColumns(confirmFor: string | null, thisEndpoint: string | null) {
  return [
    col.accessor("label", {
      header: "Browser",
      cell: ({ row: { original: b } }) => (
        <Group gap="xs">
          <Text size="sm">{b.label}</Text>
          {b.endpoint === thisEndpoint ? (
            <Badge size="xs" variant="light">
              this browser
            </Badge>
          ) : null}
        </Group>
      ),
    }),
    col.accessor("createdAt", {
      header: "Added",
      cell: ({ getValue }) => <CompanyTime at={getValue()} kind="date" />,
    }),
    col.accessor("lastUsedAt", {
      header: "Last push",
      cell: ({ getValue }) => {
        const v = getValue();
        return v ? <CompanyTime at={v} kind="datetime" /> : "—";
      },
    }),
    confirmColumn<BrowserRow>({
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      rowKey: (b) => b.id,
      intent: "sub-remove",
      confirmFor,
      label: "Remove",
      question: () => "Stop push alerts to this browser?",
      confirmLabel: "Yes, remove",
    }),
  ];
}

/** The user's subscribed browsers; removing one asks for confirmation first. */
export function BrowsersList({
  rows,
  confirmFor,
  thisEndpoint,
}: {
  rows: BrowserRow[];
  confirmFor: string | null;
  thisEndpoint: string | null;
}) {
  return (
    <DataTable
      data={rows}
      columns={browserColumns(confirmFor, thisEndpoint)}
      getRowId={(b) => b.id}
      rowProps={() => ({ "data-testid": "browser-row" })}
      testId="browsers"
      label="Browsers that receive your alerts"
      striped={false}
      highlightOnHover={false}
      minWidth={480}
      empty={
        <Paper withBorder p="md">
          <Text size="sm">No browser receives your alerts yet.</Text>
        </Paper>
      }
    />
  );
}
