import { Stack, Table, Text, Title } from "@mantine/core";
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

/** The run history of one schedule, newest first. */
export function RunHistory({ runs }: { runs: RunRow[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Run history
      </Title>
      {runs.length === 0 ? (
        <Text c="dimmed">
          No runs yet. Use &ldquo;Send now&rdquo; to send it once straight away.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped data-testid="run-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Due</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Recipients</Table.Th>
                <Table.Th>Error</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <CompanyTime at={r.dueAt} />
                    {r.manual ? (
                      <Text span size="xs" c="dimmed">
                        {" "}
                        (sent now)
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <RunStatus status={r.status} />
                    {r.attempts > 1 ? (
                      <Text span size="xs" c="dimmed">
                        {" "}
                        attempt {r.attempts}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {r.durationMs === null ? "–" : `${(r.durationMs / 1000).toFixed(1)} s`}
                  </Table.Td>
                  <Table.Td>{size(r.sizeBytes)}</Table.Td>
                  <Table.Td>{r.recipients.length}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c={r.error ? "red" : "dimmed"}>
                      {r.error ?? ""}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
