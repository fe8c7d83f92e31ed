import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { type DraftContent } from "../fields/draft";
import { FIELD_TYPES, FIELD_TYPE_LABELS, isQuestion, type Field } from "../fields/model";

type Errors = Record<string, string>;

import { FieldEditor, Sortable } from "./field-editor";

export function Builder({
  draft,
  errors,
  versions,
  latest,
  draftChanged,
  message,
}: {
  draft: DraftContent;
  errors: Errors;
  versions: { version: number; published_at: string }[];
  latest: number | null;
  draftChanged: boolean;
  message: string | null;
}) {
  const busy = useNavigation().state !== "idle";
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [order, setOrder] = useState(draft.fields.map((f) => f.id));
  const [hydrated, setHydrated] = useState(false);
  // Labels as typed, so "Show only when" and the move buttons name a question before it is saved.
  const [typed, setTyped] = useState<Record<string, string>>({});
  useEffect(() => setHydrated(true), []);
  useEffect(() => setOrder(draft.fields.map((f) => f.id)), [draft.fields]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const live = (f: Field): Field => ({
    ...f,
    label: typed[f.id]?.trim() || f.label,
    fields: f.fields?.map(live),
  });
  const onInput = (e: FormEvent<HTMLFormElement>) => {
    const t = e.target as HTMLInputElement;
    const m = /^f\.([^.]+)\.label$/.exec(t.name ?? "");
    if (m) setTyped((prev) => ({ ...prev, [m[1]!]: t.value }));
  };
  const byId = new Map(draft.fields.map((f) => [f.id, f]));
  const fields = order.map((id) => byId.get(id)).filter((f): f is Field => Boolean(f));
  const groups = fields.filter((f) => f.type === "group");

  // What a screen reader hears while moving a question: its label, not its id.
  const named = (id: UniqueIdentifier) => {
    const f = byId.get(String(id));
    return f ? live(f).label : String(id);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${named(active.id)}. Arrow keys move it, space drops it, escape cancels.`,
    onDragOver: ({ active, over }) =>
      !over
        ? `${named(active.id)} is not over a place.`
        : over.id === active.id
          ? `${named(active.id)} is back in its place.`
          : `${named(active.id)} is over ${named(over.id)}.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${named(active.id)} dropped in the place of ${named(over.id)}.`
        : `${named(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${named(active.id)} was cancelled.`,
  };

  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = order.indexOf(String(e.active.id));
    const to = order.indexOf(String(e.over.id));
    const next = [...order];
    next.splice(to, 0, ...next.splice(from, 1));
    setOrder(next);
    const fd = new FormData(formRef.current!);
    fd.set("order", next.join(","));
    fd.set("op", "reorder");
    submit(fd, { method: "post", preventScrollReset: true });
  };

  const editor = (f: Field, i: number, handle?: ReactNode) => {
    const before = fields
      .slice(0, i)
      .filter((b) => isQuestion(b) && b.type !== "group")
      .map(live);
    return (
      <FieldEditor
        key={f.id}
        field={live(f)}
        before={before}
        errors={errors}
        first={i === 0}
        last={i === fields.length - 1}
        handle={handle}
      >
        <Stack gap="xs" pl="md" style={{ borderLeft: "3px solid var(--mantine-color-gray-4)" }}>
          <Text size="sm" fw={600}>
            Questions of each item
          </Text>
          {(live(f).fields ?? []).map((c, j) => (
            <FieldEditor
              key={c.id}
              field={c}
              before={[...before, ...(live(f).fields ?? []).slice(0, j).filter(isQuestion)]}
              errors={errors}
              first={j === 0}
              last={j === (f.fields ?? []).length - 1}
            />
          ))}
        </Stack>
      </FieldEditor>
    );
  };

  return (
    <Form method="post" ref={formRef} data-testid="builder" preventScrollReset onInput={onInput}>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="order" value={order.join(",")} />
      <Stack gap="md">
        <Group gap="xs">
          {latest ? (
            <Badge color="teal">Published: version {latest}</Badge>
          ) : (
            <Badge color="gray">Never published</Badge>
          )}
          {draftChanged && latest ? (
            <Badge color="yellow">The draft has unpublished changes</Badge>
          ) : null}
          {versions.length > 1 ? (
            <Text size="sm" c="dimmed">
              {versions.length} versions
            </Text>
          ) : null}
        </Group>
        {message ? (
          <Alert color="teal" role="status">
            {message}
          </Alert>
        ) : null}
        {errors.form ? (
          <Alert color="red" role="alert" data-testid="builder-error">
            {errors.form}
          </Alert>
        ) : null}
        <TextInput
          label="Title"
          name="title"
          defaultValue={draft.title}
          error={errors.title}
          withAsterisk
          maxLength={200}
        />
        <Textarea
          label="Description"
          name="description"
          defaultValue={draft.description}
          autosize
          minRows={2}
        />
        <Title order={2} size="h4">
          Questions
        </Title>
        {fields.length === 0 ? (
          <Text c="dimmed">No questions yet: add the first one below.</Text>
        ) : null}
        {hydrated ? (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements }}
          >
            <SortableContext items={order} strategy={verticalListSortingStrategy}>
              <Stack gap="sm">
                {fields.map((f, i) => (
                  <Sortable key={f.id} id={f.id} label={live(f).label}>
                    {(handle) => editor(f, i, handle)}
                  </Sortable>
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        ) : (
          <Stack gap="sm">{fields.map((f, i) => editor(f, i))}</Stack>
        )}
        <Paper withBorder p="sm">
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label="Kind of question"
              name="addType"
              error={errors.addType}
              data={FIELD_TYPES.map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] }))}
            />
            {groups.length ? (
              <NativeSelect
                label="Add to"
                name="addTo"
                data={[
                  { value: "", label: "The form" },
                  ...groups.map((g) => ({ value: g.id, label: `The group "${g.label}"` })),
                ]}
              />
            ) : null}
            <Button type="submit" name="op" value="add" variant="light" loading={busy}>
              Add question
            </Button>
          </Group>
        </Paper>
        <Group>
          <Button type="submit" name="op" value="save" variant="default">
            Save draft
          </Button>
          <Button type="submit" name="op" value="publish">
            Publish
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
