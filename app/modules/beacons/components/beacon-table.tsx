import { Anchor, Table, Text, UnstyledButton } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { BeaconRow, BeaconSort, SortDir } from "../beacon-list";
import { Battery, BeaconStatusBadge, SeenAgo } from "./beacon-status";

const COLUMNS: { key: BeaconSort | null; label: string }[] = [
  { key: "name", label: "Beacon" },
  { key: null, label: "UUID" },
  { key: "battery", label: "Battery" },
  { key: "lastSeen", label: "Last seen" },
  { key: "gateway", label: "Seen near" },
  { key: "status", label: "Status" },
];

/**
 * The beacon list. Sorting is a link per column header (the server sorts), so it works without
 * JavaScript and the address keeps the order; the search term travels along.
 */
export function BeaconTable({
  rows,
  sort,
  dir,
  q,
}: {
  rows: BeaconRow[];
  sort: BeaconSort;
  dir: SortDir;
  q: string;
}) {
  const href = (key: BeaconSort) => {
    const p = new URLSearchParams();
    if (q) p.set("q", q);
    p.set("sort", key);
    p.set("dir", key === sort && dir === "asc" ? "desc" : "asc");
    return `?${p}`;
  };
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover data-testid="beacon-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th
                key={c.label}
                aria-sort={
                  c.key === sort ? (dir === "asc" ? "ascending" : "descending") : undefined
                }
              >
                {c.key ? (
                  <UnstyledButton component={Link} to={href(c.key)} fw={700} data-sort={c.key}>
                    {c.label} {c.key === sort ? (dir === "asc" ? "▲" : "▼") : ""}
                  </UnstyledButton>
                ) : (
                  c.label
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.uuid} data-uuid={r.uuid}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/dashboard/beacon/${r.uuid}`}
                  data-testid="beacon-name"
                >
                  {r.nickname}
                </Anchor>
                {r.assetName ? (
                  <Text size="xs" c="dimmed">
                    on {r.assetName}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {r.uuid}
                </Text>
              </Table.Td>
              <Table.Td>
                <Battery value={r.battery} />
              </Table.Td>
              <Table.Td>
                <SeenAgo at={r.lastSeenAt} />
              </Table.Td>
              <Table.Td data-testid="beacon-gateway">{r.lastGatewayName ?? "—"}</Table.Td>
              <Table.Td>
                <BeaconStatusBadge status={r.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
