import { Stack, Text, Title } from "@mantine/core";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { RunStatus } from "./run-status";
import { CompanyTime } from "~/components/company-time";

/** One past or pending run of a schedule, as the schedule page's loader serialises it. */
export type RunRow = {
  id: string;
  dueAt: string;
  manual: boolean;
  status: string;
  attempts: number;
  durationMs: number | null;
  sizeBytes: number | null;
  recipients: string[];
  error: string | null;
};

const size = (n: number | null) =>
  n === null
    ? "–"
    : n < 1024
      ? `${n} B`
      : n < 1024 * 1024
        ? `${(n / 1024).toFixed(1)} KB`
        : `${(n / 1024 / 1024).toFixed(1)} MB`;

const col = createColumnHelper<RunRow>();

const COLUMNS = [
  col.accessor("dueAt", {
    header: "Due",
    cell: ({ row: { original: r } }) => (
      <>
        <CompanyTime at={r.dueAt} />
        {r.manual ? (
          <Text span size="xs" c="dimmed">
            {" "}
            (sent now)
          </Text>
        ) : null}
      </>
    ),
  }),
  col.accessor("status", {
    header: "Status",
    cell: ({ row: { original: r } }) => (
      <>
        <RunStatus status={r.status} />
        {r.attempts > 1 ? (
          <Text span size="xs" c="dimmed">
            {" "}
            attempt {r.attempts}
          </Text>
        ) : null}
      </>
    ),
  }),
  col.accessor("durationMs", {
    header: "Duration",
    cell: ({ getValue }) => {
      const ms = getValue();
      return ms === null ? "–" : `${(ms / 1000).toFixed(1)} s`;
    },
  }),
  col.accessor("sizeBytes", { header: "Size", cell: ({ getValue }) => size(getValue()) }),
  col.accessor("recipients", { header: "Recipients", cell: ({ getValue }) => getValue().length }),
  col.accessor("error", {
    header: "Error",
    cell: ({ getValue }) => (
      <Text size="sm" c={getValue() ? "red" : "dimmed"}>
        {getValue() ?? ""}
      </Text>
    ),
  }),
];

/** The run history of one schedule, newest first. */
export function RunHistory({ runs }: { runs: RunRow[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Run history
      </Title>
      <DataTable
        data={runs}
        columns={COLUMNS}
        getRowId={(r) => r.id}
        testId="run-history"
        label="Run history, newest first"
        // Its rows hold nothing to focus: the scroll area itself is reached by keyboard.
        focusableScroll
        minWidth={800}
        highlightOnHover={false}
        empty={
          <Text c="dimmed">
            No runs yet. Use &ldquo;Send now&rdquo; to send it once straight away.
          </Text>
        }
      />
    </Stack>
  );
}
