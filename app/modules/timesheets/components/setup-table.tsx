import { Anchor, ScrollArea, Table } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConfirmForm } from "~/components/confirm-form";

/**
 * A payroll set-up list (allowances, payroll groups): the name opens the item in the editor
 * beside it (`?edit=`), the columns between are the page's, and Delete asks before it deletes.
 */
export function SetupTable<T extends { id: number; name: string }>(props: {
  rows: T[];
  caption: string;
  testId: string;
  minWidth: number;
  headers: string[];
  cells: (row: T) => ReactNode[];
  empty: string;
  confirmFor?: number;
  busy: boolean;
}) {
  const span = props.headers.length + 2;
  return (
    <ScrollArea type="auto">
      <Table striped miw={props.minWidth} data-testid={props.testId}>
        <Table.Caption>{props.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            {props.headers.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={span}>{props.empty}</Table.Td>
            </Table.Tr>
          ) : null}
          {props.rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={`?edit=${r.id}`}>
                  {r.name}
                </Anchor>
              </Table.Td>
              {props.cells(r).map((c, i) => (
                <Table.Td key={props.headers[i]}>{c}</Table.Td>
              ))}
              <Table.Td>
                <ConfirmForm
                  fields={{ intent: "delete", id: r.id }}
                  confirming={props.confirmFor === r.id}
                  label="Delete"
                  question={`Delete ${r.name}?`}
                  confirmLabel="Yes, delete"
                  busy={props.busy}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
