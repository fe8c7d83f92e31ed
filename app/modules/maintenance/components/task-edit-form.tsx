import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Image,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import { Field } from "~/components/forms/field";
import { isoDay } from "~/lib/zoned-time";
import { EDITABLE_STATUSES, EditTaskSchema, TASK_LABELS } from "../schemas";

export type EditedTask = {
  id: number;
  title: string;
  vehicle: string | null;
  status: keyof typeof TASK_LABELS;
  assignee_id: number | null;
  due_at: string | null;
  notes: string;
  cost: number | null;
  checklist: { text: string; done: boolean }[];
  photos: string[];
};

const OFFSCREEN = { position: "absolute", left: -9999 } as const;

/**
 * Edits a task: assignee, due date, status (not Done: completing needs the meter reading), the
 * checklist (tick, add, remove), notes and cost; its photos below, each a thumbnail.
 */
export function EditTaskForm(props: {
  task: EditedTask;
  people: { id: number; name: string }[];
  photo: { accept: string; limit: string };
  lastResult: SubmissionResult<string[]> | undefined;
  message?: string | null;
  busy: boolean;
}) {
  const t = props.task;
  const [form, f] = useForm({
    id: `edit-${t.id}`,
    lastResult: props.lastResult,
    defaultValue: {
      task_id: String(t.id),
      assignee_id: t.assignee_id === null ? "" : String(t.assignee_id),
      due_at: t.due_at ? isoDay(t.due_at) : "",
      status: t.status === "done" ? undefined : t.status,
      notes: t.notes,
      cost: t.cost === null ? "" : String(t.cost),
      checklist: t.checklist.map((c) => ({ text: c.text, done: c.done ? "on" : "" })),
    },
    constraint: getZodConstraint(EditTaskSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EditTaskSchema }),
  });
  const items = f.checklist.getFieldList();
  const base = `/dashboard/tasks/${t.id}/photos`;
  return (
    <Stack gap="md">
      <Form method="post" {...getFormProps(form)} data-testid="edit-form">
        {/* Enter in a field saves (the first submit button), not the first item's Remove. */}
        <button type="submit" tabIndex={-1} aria-hidden style={OFFSCREEN}>
          Save
        </button>
        <input type="hidden" name="task_id" value={t.id} />
        <Stack gap="sm">
          <Title order={2} size="h4">
            Edit “{t.title}”{t.vehicle ? ` on ${t.vehicle}` : ""}
          </Title>
          {props.message ? <Alert color="red">{props.message}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <Field errors={f.assignee_id}>
              <NativeSelect
                name={f.assignee_id.name}
                key={f.assignee_id.key}
                defaultValue={f.assignee_id.initialValue as string}
                label="Assignee"
                data={[
                  { value: "", label: "–" },
                  ...props.people.map((p) => ({ value: String(p.id), label: p.name })),
                ]}
              />
            </Field>
            <Field errors={f.due_at}>
              <TextInput
                {...getInputProps(f.due_at, { type: "date" })}
                key={f.due_at.key}
                label="Due"
              />
            </Field>
            {t.status === "done" ? (
              <TextInput label="Status" value={TASK_LABELS.done} readOnly />
            ) : (
              <Field errors={f.status}>
                <NativeSelect
                  name={f.status.name}
                  key={f.status.key}
                  defaultValue={f.status.initialValue as string}
                  label="Status"
                  data={EDITABLE_STATUSES.map((s) => ({ value: s, label: TASK_LABELS[s] }))}
                />
              </Field>
            )}
            <Field errors={f.cost}>
              <TextInput
                {...getInputProps(f.cost, { type: "number" })}
                key={f.cost.key}
                step="any"
                label="Cost ($)"
              />
            </Field>
          </SimpleGrid>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" size="sm" fw={500}>
              Checklist
            </Text>
            <Stack gap={6} mt={4}>
              {items.map((item, i) => {
                const x = item.getFieldset();
                return (
                  <Group key={item.key} gap="xs" wrap="nowrap" data-item={i}>
                    <Checkbox
                      name={x.done.name}
                      defaultChecked={x.done.initialValue === "on"}
                      aria-label={`Done: ${t.checklist[i]?.text ?? `item ${i + 1}`}`}
                    />
                    <Field errors={x.text}>
                      <TextInput
                        {...getInputProps(x.text, { type: "text" })}
                        key={x.text.key}
                        aria-label={`Checklist item ${i + 1}`}
                        style={{ flex: 1 }}
                      />
                    </Field>
                    <Button
                      type="submit"
                      name="remove_item"
                      value={String(i)}
                      variant="subtle"
                      size="compact-sm"
                      aria-label={`Remove checklist item ${i + 1}`}
                    >
                      Remove
                    </Button>
                  </Group>
                );
              })}
              <Field errors={f.new_item}>
                <TextInput
                  {...getInputProps(f.new_item, { type: "text" })}
                  key={f.new_item.key}
                  aria-label="New checklist item"
                  placeholder="Add an item"
                />
              </Field>
            </Stack>
          </fieldset>
          <input type="hidden" name="intent" value="update" />
          <Field errors={f.notes}>
            <Textarea
              {...getInputProps(f.notes, { type: "text" })}
              key={f.notes.key}
              label="Notes"
              autosize
              minRows={2}
            />
          </Field>
          <Group>
            <Button type="submit" loading={props.busy}>
              Save task
            </Button>
          </Group>
        </Stack>
      </Form>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Photos
        </Text>
        {t.photos.length ? (
          <Group gap="sm" data-testid="photos">
            {t.photos.map((p, i) => (
              <Stack key={p} gap={4} align="center">
                <a href={`${base}/${p}`} target="_blank" rel="noreferrer">
                  <Image
                    src={`${base}/${p}`}
                    alt={`Photo ${i + 1} of ${t.title}`}
                    w={96}
                    h={96}
                    fit="cover"
                    radius="sm"
                    loading="lazy"
                  />
                </a>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-photo" />
                  <input type="hidden" name="task_id" value={t.id} />
                  <input type="hidden" name="photo" value={p} />
                  <Button type="submit" size="compact-xs" variant="subtle" color="red">
                    Remove photo {i + 1}
                  </Button>
                </Form>
              </Stack>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No photos yet.
          </Text>
        )}
        <Form method="post" action={base} encType="multipart/form-data" reloadDocument>
          <Group align="flex-end">
            <TextInput
              type="file"
              name="photo"
              label="Add a photo"
              description={`PNG, JPEG, GIF or WebP, at most ${props.photo.limit}`}
              accept={props.photo.accept}
            />
            <Button type="submit" variant="default">
              Upload photo
            </Button>
          </Group>
        </Form>
      </Stack>
    </Stack>
  );
}
