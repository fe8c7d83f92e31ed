import { Anchor, Badge, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import type { SubmissionRow } from "../submissions.server";

const col = createColumnHelper<SubmissionRow>();
const COLORS = { submitted: "blue", approved: "teal", sent_back: "orange" } as const;

const columns = [
  col.accessor("title", {
    header: "Form",
    cell: ({ row: { original: s } }) => (
      <Anchor component={Link} to={`/forms/completed/${s.id}`}>
        {s.title}
      </Anchor>
    ),
  }),
  col.accessor("version", { header: "Version", cell: ({ getValue }) => `v${getValue()}` }),
  col.accessor("person", { header: "By" }),
  col.accessor("vehicleName", { header: "Vehicle", cell: ({ getValue }) => getValue() ?? "—" }),
  col.accessor("submittedLocal", { header: "Submitted" }),
  col.display({
    id: "status",
    header: "Status",
    cell: ({ row: { original: s } }) => (
      <Group gap={4} wrap="nowrap">
        <Badge color={COLORS[s.status]} variant="light" miw="fit-content">
          {s.statusLabel}
        </Badge>
        {s.flags ? (
          <Badge color="red" variant="light" miw="fit-content">
            {s.flags} flagged
          </Badge>
        ) : null}
      </Group>
    ),
  }),
  col.display({
    id: "pdf",
    header: "PDF",
    cell: ({ row: { original: s } }) => (
      <Anchor href={`/forms/completed/${s.id}/pdf`} aria-label={`PDF of ${s.title} by ${s.person}`}>
        PDF
      </Anchor>
    ),
  }),
];

export function SubmissionsTable({
  rows,
  empty,
  testId,
}: {
  rows: SubmissionRow[];
  empty: string;
  testId: string;
}) {
  return (
    <>
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(s) => s.id}
        label="Submitted forms"
        testId={testId}
        minWidth={900}
        empty={empty}
      />
      <Text size="xs" c="dimmed">
        Times are in the company&apos;s time zone.
      </Text>
    </>
  );
}
