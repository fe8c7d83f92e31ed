import { Anchor } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DataTable, type DataTableColumn } from "~/components/data-table";
import { confirmColumn } from "~/components/data-table/confirm-column";

type Item = { id: number; name: string };

/**
 * A payroll set-up list (allowances, payroll groups): the name opens the item in the editor
 * beside it (`?edit=`), the columns between are the page's, and Delete asks before it deletes.
 */
export function SetupTable<T extends Item>(props: {
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
  const columns: DataTableColumn<T>[] = [
    {
      id: "name",
      header: "Name",
      cell: ({ row: { original: r } }) => (
        <Anchor component={Link} to={`?edit=${r.id}`}>
          {r.name}
        </Anchor>
      ),
    },
    ...props.headers.map((header, i): DataTableColumn<T> => ({
      id: header,
      header,
      cell: ({ row: { original: r } }) => props.cells(r)[i],
    })),
    confirmColumn<T>({
      rowKey: (r) => r.id,
      confirmFor: props.confirmFor,
      question: (r) => `Delete ${r.name}?`,
      busy: props.busy,
    }),
  ];
  return (
    <DataTable
      data={props.rows}
      columns={columns}
      getRowId={(r) => String(r.id)}
      caption={props.caption}
      testId={props.testId}
      minWidth={props.minWidth}
      highlightOnHover={false}
      empty={props.empty}
    />
  );
}
