import { Box, LoadingOverlay, Table, Text, UnstyledButton } from "@mantine/core";
import { Link, useLocation, useNavigation } from "@remix-run/react";
import {
  type ColumnDef,
  type RowData,
  getCoreRowModel,
  useReactTable,
} from "@tanstack/react-table";
import type { ComponentPropsWithoutRef, CSSProperties, ReactNode } from "react";
import type { TablePage, TableSort } from "~/lib/table-query";
import { Pager } from "./data-table/pager";
import { ariaSort, sortHref } from "./data-table/links";

/** `data-*` attributes for rows and cells: the hooks tests and scripts find them by. */
export type DataAttrs = { [key: `data-${string}`]: string | number | boolean | undefined };
type CellProps = ComponentPropsWithoutRef<"td"> & DataAttrs;

declare module "@tanstack/react-table" {
  // The parameters must match tanstack's own declaration to merge with it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    align?: "left" | "right" | "center";
    /** Times, distances and badges read badly when broken over two lines. */
    nowrap?: boolean;
    /** Extra attributes of this column's cell in a row (a data-testid, suppressHydrationWarning). */
    cellProps?: (row: TData) => CellProps;
    /** The direction a first click sorts in; totals read best biggest first. */
    sortFirst?: "asc" | "desc";
  }
}

// Accessor columns carry their value type; a table mixes several, so the list takes any of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<T> = ColumnDef<T, any>;
export { createColumnHelper } from "@tanstack/react-table";

/**
 * A column's header, cell or footer, by calling it. Pages build their columns on every render,
 * and tanstack's flexRender mounts a function as a component: each new function would be a new
 * component type, so every cell remounted on each render (a poll, a revalidation) and a row's
 * form lost what the user had typed or chosen.
 */
function part<C>(template: unknown, context: C): ReactNode {
  return typeof template === "function"
    ? (template as (c: C) => ReactNode)(context)
    : (template as ReactNode);
}

export type DataTableProps<T> = {
  data: T[];
  /** Columns, defined once; a column sorts (as a link) only with `enableSorting: true`. */
  columns: DataTableColumn<T>[];
  getRowId: (row: T, index: number) => string;
  rowProps?: (row: T) => DataAttrs;
  footerProps?: DataAttrs;
  testId?: string;
  /** A visible caption; or `label` names the table for screen readers only. */
  caption?: ReactNode;
  label?: string;
  /** The order the server applied; with it, sortable headers become `?sort=&dir=` links. */
  sort?: TableSort;
  /** With it, a pager of `?page=` links follows the table. */
  paging?: TablePage;
  /** Shown instead of the table when there are no rows: a text, a whole element, or null (nothing). */
  empty?: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing (phones). */
  minWidth?: number;
  /** A long list in a side panel scrolls inside this height. */
  maxHeight?: number;
  /**
   * The scroll area itself takes keyboard focus (WCAG: a scrollable region must be reachable), for
   * tables whose rows hold no link or button to focus.
   */
  focusableScroll?: boolean;
  striped?: boolean;
  highlightOnHover?: boolean;
  withTableBorder?: boolean;
};

function style(meta: { align?: string; nowrap?: boolean } | undefined): CSSProperties | undefined {
  if (!meta?.align && !meta?.nowrap) return undefined;
  return {
    textAlign: meta.align as CSSProperties["textAlign"],
    whiteSpace: meta.nowrap ? "nowrap" : undefined,
  };
}

/** True while Remix loads this same page again (a sort, a page, a search): the rows are stale. */
function useReloading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  const method = navigation.formMethod?.toUpperCase();
  return (
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    (method === undefined || method === "GET")
  );
}

/**
 * The app's table: tanstack's headless model rendered with Mantine. Sorting and paging are done
 * by the server and driven by GET links, so they work without JavaScript and the address keeps
 * the view.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { data, columns, sort, paging, testId } = props;
  const location = useLocation();
  const reloading = useReloading();
  const table = useReactTable({
    data,
    columns,
    getRowId: props.getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    defaultColumn: { enableSorting: false },
    state: { sorting: sort ? [{ id: sort.by, desc: sort.dir === "desc" }] : [] },
  });

  if (data.length === 0) {
    const empty = props.empty === undefined ? "Nothing to show yet." : props.empty;
    return typeof empty === "string" ? (
      <Text c="dimmed" data-testid={testId ? `${testId}-empty` : undefined}>
        {empty}
      </Text>
    ) : (
      <>{empty}</>
    );
  }

  const hasFooter = columns.some((c) => c.footer !== undefined);
  return (
    <Box pos="relative">
      <LoadingOverlay
        visible={reloading}
        zIndex={2}
        overlayProps={{ backgroundOpacity: 0.35, blur: 1 }}
        loaderProps={{ size: "sm" }}
      />
      <Table.ScrollContainer
        minWidth={props.minWidth ?? 600}
        mah={props.maxHeight}
        scrollAreaProps={
          props.focusableScroll
            ? { viewportProps: { tabIndex: 0, "aria-label": props.label } }
            : undefined
        }
      >
        <Table
          striped={props.striped ?? true}
          highlightOnHover={props.highlightOnHover ?? true}
          withTableBorder={props.withTableBorder}
          captionSide="top"
          aria-label={props.label}
          aria-busy={reloading || undefined}
          data-testid={testId}
        >
          {props.caption ? <Table.Caption>{props.caption}</Table.Caption> : null}
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const { id, columnDef } = header.column;
                  const label = header.isPlaceholder
                    ? null
                    : part(columnDef.header, header.getContext());
                  const sortable = sort && columnDef.enableSorting === true;
                  return (
                    <Table.Th
                      key={header.id}
                      colSpan={header.colSpan > 1 ? header.colSpan : undefined}
                      aria-sort={sortable ? ariaSort(id, sort) : undefined}
                      style={style(columnDef.meta)}
                    >
                      {sortable ? (
                        <UnstyledButton
                          component={Link}
                          to={sortHref(location.search, id, sort, columnDef.meta?.sortFirst)}
                          preventScrollReset
                          fw={700}
                          fz="sm"
                          data-sort={id}
                        >
                          {label}
                          <span aria-hidden="true">
                            {sort.by === id ? (sort.dir === "asc" ? " ▲" : " ▼") : " ↕"}
                          </span>
                        </UnstyledButton>
                      ) : (
                        label
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr key={row.id} {...props.rowProps?.(row.original)}>
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  const extra = meta?.cellProps?.(row.original);
                  return (
                    <Table.Td key={cell.id} {...extra} style={{ ...style(meta), ...extra?.style }}>
                      {part(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {hasFooter ? (
            <Table.Tfoot>
              {table.getFooterGroups().map((group) => (
                <Table.Tr key={group.id} {...props.footerProps}>
                  {group.headers.map((header) => (
                    <Table.Th key={header.id} style={style(header.column.columnDef.meta)}>
                      {part(header.column.columnDef.footer, header.getContext())}
                    </Table.Th>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tfoot>
          ) : null}
        </Table>
      </Table.ScrollContainer>
      {paging ? <Pager paging={paging} search={location.search} /> : null}
    </Box>
  );
}
