import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import {
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { type ReactNode } from "react";
import { CONDITION_OPS, CONDITION_OP_LABELS } from "../fields/conditions";
import { conditionOf } from "../fields/draft";
import {
  FIELD_TYPE_LABELS,
  canFlag,
  flagChoices,
  hasOptions,
  isQuestion,
  type Field,
} from "../fields/model";

type Errors = Record<string, string>;

function MoveButtons({
  id,
  label,
  first,
  last,
}: {
  id: string;
  label: string;
  first: boolean;
  last: boolean;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        type="submit"
        name="op"
        value={`up:${id}`}
        variant="subtle"
        size="compact-sm"
        disabled={first}
        aria-label={`Move up: ${label}`}
      >
        Move up
      </Button>
      <Button
        type="submit"
        name="op"
        value={`down:${id}`}
        variant="subtle"
        size="compact-sm"
        disabled={last}
        aria-label={`Move down: ${label}`}
      >
        Move down
      </Button>
      <Button
        type="submit"
        name="op"
        value={`remove:${id}`}
        variant="subtle"
        color="red"
        size="compact-sm"
        aria-label={`Remove: ${label}`}
      >
        Remove
      </Button>
    </Group>
  );
}

/** One question's settings; inputs are named f.<id>.<setting> (fields/draft.ts reads them). */
export function FieldEditor({
  field,
  before,
  errors,
  first,
  last,
  handle,
  children,
}: {
  field: Field;
  before: Field[];
  errors: Errors;
  first: boolean;
  last: boolean;
  handle?: ReactNode;
  children?: ReactNode;
}) {
  const k = `f.${field.id}.`;
  const cond = conditionOf(field);
  return (
    <Paper withBorder p="sm" data-field={field.id}>
      <input type="hidden" name={`${k}type`} value={field.type} />
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            {handle}
            <Badge variant="light" color="gray">
              {FIELD_TYPE_LABELS[field.type]}
            </Badge>
          </Group>
          <MoveButtons id={field.id} label={field.label} first={first} last={last} />
        </Group>
        <TextInput
          label={field.type === "heading" ? "Heading" : "Question"}
          name={`${k}label`}
          defaultValue={field.label}
          error={errors[`${k}label`]}
          maxLength={300}
        />
        {isQuestion(field) ? (
          <Checkbox
            name={`${k}required`}
            label="An answer is required"
            defaultChecked={field.required}
          />
        ) : null}
        {isQuestion(field) && field.type !== "group" ? (
          <TextInput
            label="Help text (optional)"
            name={`${k}help`}
            defaultValue={field.help ?? ""}
          />
        ) : null}
        {hasOptions(field.type) ? (
          <Textarea
            label="Options, one per line"
            name={`${k}options`}
            defaultValue={(field.options ?? []).join("\n")}
            error={errors[`${k}options`]}
            autosize
            minRows={2}
          />
        ) : null}
        {field.type === "number" ? (
          <Group grow>
            <TextInput
              label="Lowest allowed"
              name={`${k}min`}
              type="number"
              step="any"
              defaultValue={field.min ?? ""}
              error={errors[`${k}min`]}
            />
            <TextInput
              label="Highest allowed"
              name={`${k}max`}
              type="number"
              step="any"
              defaultValue={field.max ?? ""}
              error={errors[`${k}max`]}
            />
          </Group>
        ) : null}
        {canFlag(field.type) && flagChoices(field).length ? (
          <Checkbox.Group
            label="Flag the answer for review when it is"
            defaultValue={field.flag_values ?? []}
          >
            <Group gap="md" mt={4}>
              {flagChoices(field).map((o) => (
                <Checkbox
                  key={o}
                  name={`${k}flags`}
                  value={o}
                  label={o === "yes" ? "Yes" : o === "no" ? "No" : o}
                />
              ))}
            </Group>
          </Checkbox.Group>
        ) : null}
        {before.length ? (
          <Group grow align="flex-start" wrap="wrap">
            <NativeSelect
              label="Show only when"
              name={`${k}cond.field`}
              defaultValue={cond?.field ?? ""}
              data={[
                { value: "", label: "Always shown" },
                ...before.map((b) => ({ value: b.id, label: b.label })),
              ]}
            />
            <NativeSelect
              label="Comparison"
              name={`${k}cond.op`}
              defaultValue={cond?.op ?? "equals"}
              error={errors[`${k}cond.op`]}
              data={CONDITION_OPS.map((o) => ({ value: o, label: CONDITION_OP_LABELS[o] }))}
            />
            <TextInput
              label="Value"
              name={`${k}cond.value`}
              defaultValue={cond?.value ?? ""}
              error={errors[`${k}cond.value`]}
            />
          </Group>
        ) : null}
        {field.visible_if && !cond ? (
          <Text size="sm" c="dimmed">
            This question has a condition the builder cannot show; choosing one above replaces it.
          </Text>
        ) : null}
        {field.type === "group" ? (
          <>
            <TextInput
              label="Most items (optional)"
              name={`${k}max_items`}
              type="number"
              defaultValue={field.max_items ?? ""}
              error={errors[`${k}max_items`]}
              w={200}
            />
            <input
              type="hidden"
              name={`${k}children`}
              value={(field.fields ?? []).map((c) => c.id).join(",")}
            />
            {children}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function Sortable({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle = (
    <button
      type="button"
      {...attributes}
      {...listeners}
      aria-label={`Drag to reorder: ${label} (or press space, then the arrow keys)`}
      style={{
        cursor: "grab",
        border: "1px solid var(--mantine-color-gray-5)",
        borderRadius: 4,
        background: "transparent",
        padding: "2px 8px",
        color: "inherit",
      }}
    >
      ⠿
    </button>
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.7 : 1,
      }}
    >
      {children(handle)}
    </div>
  );
}
