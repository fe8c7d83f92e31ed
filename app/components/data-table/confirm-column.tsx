import { Group, type ButtonProps } from "@mantine/core";
import type { ReactNode } from "react";
import { ConfirmForm } from "../confirm-form";
import type { DataTableColumn } from "../data-table";

type Key = string | number;

export type ConfirmColumnOptions<T> = {
  /** The row's id: posted as `id`, and matched against the id the action asks to confirm. */
  rowKey: (row: T) => Key;
  /** The action's `confirmFor`: the row whose second submit is asked for, if any. */
  confirmFor: Key | null | undefined;
  /** What is asked before the second submit ("Delete Depot?"). */
  question: (row: T) => string;
  /** The posted intent; "delete" unless told. */
  intent?: string;
  /** The hidden fields posted, when they are not `{ intent, id }`. */
  fields?: (row: T) => Record<string, Key>;
  /** The first button's text; "Delete" unless told (per row, when it names the row). */
  label?: string | ((row: T) => string);
  confirmLabel?: string;
  busy?: boolean;
  /** Rows that may not be removed show only their other controls. */
  canConfirm?: (row: T) => boolean;
  /** The row's other controls, shown before the destructive one. */
  before?: (row: T) => ReactNode;
  id?: string;
  header?: ReactNode;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
};

/**
 * A table's column of row controls ending in a destructive one that asks first (ConfirmForm:
 * works without JavaScript, the action answering `confirmFor` with the row's id).
 */
export function confirmColumn<T>(o: ConfirmColumnOptions<T>): DataTableColumn<T> {
  return {
    id: o.id ?? "actions",
    // A function: tanstack takes a text or a function for a header, not an element.
    header: () => o.header ?? "Actions",
    enableSorting: false,
    cell: ({ row: { original: row } }) => (
      <Group gap="xs" wrap="nowrap" justify="flex-end">
        {o.before?.(row)}
        {o.canConfirm && !o.canConfirm(row) ? null : (
          <ConfirmForm
            fields={o.fields?.(row) ?? { intent: o.intent ?? "delete", id: o.rowKey(row) }}
            confirming={o.confirmFor != null && o.confirmFor === o.rowKey(row)}
            label={(typeof o.label === "function" ? o.label(row) : o.label) ?? "Delete"}
            question={o.question(row)}
            confirmLabel={o.confirmLabel ?? "Yes, delete"}
            busy={o.busy}
            size={o.size}
            variant={o.variant}
          />
        )}
      </Group>
    ),
  };
}
