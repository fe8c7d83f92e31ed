import { Anchor, Group, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { Heat, Matrix, MatrixCell } from "../matrix";
import { STATUS_LABEL, STATUS_VALUES } from "../ticket-labels";

/** Cell colours with their own text colour (AA contrast in every theme); the words say it too. */
const HEAT_STYLE: Record<Heat, { background: string; color: string } | undefined> = {
  none: undefined,
  on_time: { background: "#d3f9d8", color: "#1e5128" },
  at_risk: { background: "#fff3bf", color: "#5c3a00" },
  breached: { background: "#ffe3e3", color: "#8a1c1c" },
};
export const HEAT_LABEL: Record<Exclude<Heat, "none">, string> = {
  on_time: "On time",
  at_risk: "At risk",
  breached: "Breached",
};

function cellWords(c: MatrixCell) {
  const parts: string[] = [];
  if (c.breached) parts.push(`${c.breached} breached`);
  if (c.atRisk) parts.push(`${c.atRisk} at risk`);
  if (c.onTime && (c.breached || c.atRisk)) parts.push(`${c.onTime} on time`);
  if (!parts.length) parts.push("on time");
  return parts.join(" · ");
}

/** The legend: what each colour means, in words. */
export function HeatLegend() {
  return (
    <Group gap="xs" data-testid="heat-legend">
      {(["on_time", "at_risk", "breached"] as const).map((h) => (
        <Text key={h} size="sm" px={8} py={2} style={{ ...HEAT_STYLE[h], borderRadius: 4 }}>
          {HEAT_LABEL[h]}
        </Text>
      ))}
      <Text size="sm">A cell takes the colour of its worst ticket.</Text>
    </Group>
  );
}

/**
 * Tickets by row and status: each count links to the tickets list filtered to that row and status
 * (`hrefOf`); its colour is the cell's worst SLA state, spelt out beside the count.
 */
export function TicketMatrix({
  matrix,
  rowHeader,
  hrefOf,
}: {
  matrix: Matrix;
  rowHeader: string;
  hrefOf: (rowKey: string, status: string) => string;
}) {
  return (
    <div
      role="region"
      aria-label="Tickets matrix"
      tabIndex={0}
      style={{ overflowX: "auto" }}
      data-testid="ticket-matrix"
    >
      <Table withTableBorder withColumnBorders miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{rowHeader}</Table.Th>
            {STATUS_VALUES.map((s) => (
              <Table.Th key={s} scope="col">
                {STATUS_LABEL[s]}
              </Table.Th>
            ))}
            <Table.Th scope="col">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matrix.rows.map((r) => (
            <Table.Tr key={r.key} data-row={r.label}>
              <Table.Th scope="row">{r.label}</Table.Th>
              {r.cells.map((c) => (
                <Table.Td
                  key={c.status}
                  style={HEAT_STYLE[c.heat]}
                  data-status={c.status}
                  data-heat={c.heat}
                >
                  {c.count ? (
                    <Anchor
                      component={Link}
                      to={hrefOf(r.key, c.status)}
                      style={{ color: "inherit", textDecoration: "underline" }}
                      aria-label={`${r.label}, ${STATUS_LABEL[c.status]}: ${c.count} ${c.count === 1 ? "ticket" : "tickets"}, ${cellWords(c)}`}
                    >
                      <Text span fw={700}>
                        {c.count}
                      </Text>{" "}
                      <Text span size="xs">
                        {cellWords(c)}
                      </Text>
                    </Anchor>
                  ) : (
                    <Text span size="sm">
                      0
                    </Text>
                  )}
                </Table.Td>
              ))}
              <Table.Td>{r.total}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">All</Table.Th>
            {matrix.totals.map((n, i) => (
              <Table.Td key={STATUS_VALUES[i]}>{n}</Table.Td>
            ))}
            <Table.Td>{matrix.totals.reduce((a, b) => a + b, 0)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}
