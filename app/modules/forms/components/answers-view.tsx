import { Badge, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { AnswerRow } from "../submissions.server";

function Answers({ rows }: { rows: AnswerRow[] }) {
  return (
    <Table withTableBorder verticalSpacing="xs" layout="fixed">
      <Table.Tbody>
        {rows.map((a, i) =>
          a.kind === "heading" ? (
            <Table.Tr key={i}>
              <Table.Th colSpan={2} scope="colgroup">
                <Title order={3} size="h5">
                  {a.label}
                </Title>
              </Table.Th>
            </Table.Tr>
          ) : a.kind === "group" ? (
            <Table.Tr key={i}>
              <Table.Th scope="row" style={{ verticalAlign: "top" }}>
                {a.label}
              </Table.Th>
              <Table.Td>
                {a.items.length === 0 ? (
                  "—"
                ) : (
                  <Stack gap="xs">
                    {a.items.map((item, j) => (
                      <Paper key={j} withBorder p="xs">
                        <Text size="sm" fw={600}>
                          Item {j + 1}
                        </Text>
                        <Answers rows={item} />
                      </Paper>
                    ))}
                  </Stack>
                )}
              </Table.Td>
            </Table.Tr>
          ) : (
            <Table.Tr key={i} data-answer={a.id} data-flagged={a.flagged || undefined}>
              <Table.Th scope="row" style={{ verticalAlign: "top", fontWeight: 500 }}>
                {a.label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {a.upload ? (
                  <img
                    src={`/forms/upload/${a.upload}`}
                    alt={`${a.label} (picture)`}
                    style={{ maxWidth: "100%", maxHeight: 240, display: "block" }}
                  />
                ) : (
                  a.text
                )}{" "}
                {a.flagged ? (
                  <Badge color="red" variant="light">
                    Flagged
                  </Badge>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ),
        )}
      </Table.Tbody>
    </Table>
  );
}

export { Answers as AnswersView };
