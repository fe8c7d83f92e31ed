import { Alert, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Form, useMatches, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { countName, groupPrefix, postedOf, withoutItem } from "../fields/answers";
import { isVisible } from "../fields/conditions";
import { MAX_GROUP_ITEMS, type Answers, type Field } from "../fields/model";
import { FieldInput, type Values, type VehicleOption } from "./field-input";
import { liveData } from "../fields/live";
import { draftKey, enqueue, flushQueue, readQueue } from "./offline-queue";

export type FillFormData = {
  id: number;
  title: string;
  version: number;
  fields: Field[];
  vehicles: VehicleOption[];
  userId: number;
};

const valuesOf = (entries: Iterable<[string, unknown]>): Values => postedOf(entries);

type Status = { kind: "offline" | "sending" | "sent" | "refused" | "draft"; text: string };

/**
 * Filling in one version of a form. Without JavaScript it is a plain post (every question shown,
 * "Add another" posts back for one more item). With it, conditions show and hide questions as
 * answers change, the answers are saved on this device as a draft while typing, and a form sent
 * while offline is kept and sent when the network returns.
 */
export function FillForm({
  form,
  initial,
  errors,
  message,
  reference,
}: {
  form: FillFormData;
  initial: [string, string][] | null;
  errors: Record<string, string>;
  message: string | null;
  reference: string;
}) {
  const busy = useNavigation().state === "submitting";
  const routeId = useMatches().at(-1)?.id ?? "";
  const ref = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [values, setValues] = useState<Values>(() => valuesOf(initial ?? []));
  const [generation, setGeneration] = useState(0);
  const [status, setStatus] = useState<Status | null>(null);
  const key = draftKey(form.id, form.version, form.userId);
  const groups = form.fields.filter((f) => f.type === "group");
  const countOf = (g: Field) => {
    const n = Number(values.get(countName(g.id))?.[0] ?? "1");
    return Number.isInteger(n) ? Math.max(0, Math.min(n, g.max_items ?? MAX_GROUP_ITEMS)) : 1;
  };

  const read = useCallback(
    (): Values => (ref.current ? valuesOf(new FormData(ref.current).entries()) : new Map()),
    [],
  );

  // Restore the draft this device kept (unless the server just answered with what was posted).
  useEffect(() => {
    setHydrated(true);
    if (initial) return;
    try {
      const saved = JSON.parse(localStorage.getItem(key) ?? "null") as [string, string][] | null;
      if (saved?.length) {
        setValues(valuesOf(saved));
        setGeneration((g) => g + 1);
        setStatus({ kind: "draft", text: "Your draft from this device is back." });
      }
    } catch {
      /* an unreadable draft is no draft */
    }
  }, [initial, key]);

  const flush = useCallback(async () => {
    if (!readQueue(form.userId).length || !navigator.onLine) return;
    setStatus({ kind: "sending", text: "Back online — sending your saved answers…" });
    const r = await flushQueue(form.userId);
    if (r.sent.length)
      setStatus({
        kind: "sent",
        text: `Sent: your saved answers to ${r.sent.join(", ")} were submitted.`,
      });
    else if (r.refused.length)
      setStatus({
        kind: "refused",
        text: `Your saved answers to ${r.refused.join(", ")} were refused: please fill the form in again.`,
      });
    else if (r.left)
      setStatus({
        kind: "offline",
        text: "Still offline — your answers are saved on this device.",
      });
  }, [form.userId]);

  useEffect(() => {
    const offline = () =>
      setStatus({
        kind: "offline",
        text: "Offline — your answers are saved on this device and will be sent when you're back online.",
      });
    const online = () => void flush();
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    if (!navigator.onLine) offline();
    else void flush();
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, [flush]);

  const saveTimer = useRef<ReturnType<typeof setTimeout>>();
  const changed = useCallback(() => {
    const now = read();
    setValues(now);
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      try {
        const entries = [...now].flatMap(([k, vs]) => vs.map((v) => [k, v] as [string, string]));
        localStorage.setItem(key, JSON.stringify(entries.filter(([k]) => k !== "reference")));
      } catch {
        /* storage full or blocked: the form still works */
      }
    }, 300);
  }, [key, read]);

  const setCount = (g: Field, n: number) => {
    const now = read();
    now.set(countName(g.id), [String(n)]);
    setValues(now);
  };

  const removeItem = (g: Field, index: number) => {
    const entries = [...read()].flatMap(([k, vs]) => vs.map((v): [string, string] => [k, v]));
    setValues(postedOf(withoutItem(entries, g.id, index)));
    setGeneration((x) => x + 1);
  };

  const top = useMemo(() => liveData(form.fields, values), [form.fields, values]);
  const shown = (f: Field, data: Answers) => !hydrated || isVisible(f, data);

  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      <Form
        method="post"
        encType="multipart/form-data"
        ref={ref}
        onChange={changed}
        data-testid="fill-form"
        onSubmit={async (e) => {
          const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.value !== "submit") return;
          if (navigator.onLine) {
            localStorage.removeItem(key);
            return;
          }
          e.preventDefault();
          await enqueue(form.userId, e.currentTarget, routeId, form.title);
          localStorage.removeItem(key);
          setStatus({
            kind: "offline",
            text: "Offline — your answers are saved on this device and will be sent when you're back online.",
          });
        }}
      >
        <input type="hidden" name="version" value={form.version} />
        <input type="hidden" name="reference" value={reference} />
        <Stack gap="md" key={generation}>
          {status ? (
            <Alert
              role="status"
              color={
                status.kind === "offline" ? "yellow" : status.kind === "refused" ? "red" : "teal"
              }
              data-testid="fill-status"
            >
              {status.text}
            </Alert>
          ) : (
            <div role="status" data-testid="fill-status" />
          )}
          {message ? (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          ) : null}
          {Object.keys(errors).length ? (
            <Alert color="red" role="alert">
              Some answers need attention: see the messages below.
            </Alert>
          ) : null}
          {form.fields.map((f) => {
            if (!shown(f, top)) return null;
            if (f.type !== "group")
              return (
                <FieldInput
                  key={f.id}
                  field={f}
                  name={`a.${f.id}`}
                  values={values}
                  error={errors[`a.${f.id}`]}
                  vehicles={form.vehicles}
                  onChange={changed}
                />
              );
            const n = countOf(f);
            return (
              <fieldset
                key={f.id}
                style={{
                  border: "1px solid var(--mantine-color-gray-4)",
                  borderRadius: 6,
                  padding: 12,
                }}
                data-group={f.id}
              >
                <legend>
                  <Text fw={600}>
                    {f.label}
                    {f.required ? " *" : ""}
                  </Text>
                </legend>
                <input type="hidden" name={countName(f.id)} value={n} />
                {errors[`a.${f.id}`] ? (
                  <Text c="red.8" size="sm" role="alert">
                    {errors[`a.${f.id}`]}
                  </Text>
                ) : null}
                <Stack gap="md">
                  {Array.from({ length: n }, (_, i) => {
                    const data = liveData(form.fields, values, f, i);
                    return (
                      <Paper key={i} withBorder p="sm" data-item={i}>
                        <Stack gap="sm">
                          <Group justify="space-between">
                            <Text fw={600} size="sm">
                              Item {i + 1}
                            </Text>
                            <Button
                              type="submit"
                              name="intent"
                              value={`remove-item:${f.id}:${i}`}
                              variant="subtle"
                              size="compact-sm"
                              onClick={(e) => {
                                if (!hydrated) return;
                                e.preventDefault();
                                removeItem(f, i);
                              }}
                            >
                              Remove item {i + 1}
                            </Button>
                          </Group>
                          {(f.fields ?? []).map((c) =>
                            shown(c, data) ? (
                              <FieldInput
                                key={c.id}
                                field={c}
                                name={`${groupPrefix(f.id, i)}${c.id}`}
                                values={values}
                                error={errors[`${groupPrefix(f.id, i)}${c.id}`]}
                                vehicles={form.vehicles}
                                onChange={changed}
                              />
                            ) : null,
                          )}
                        </Stack>
                      </Paper>
                    );
                  })}
                  {n < (f.max_items ?? MAX_GROUP_ITEMS) ? (
                    <Button
                      type="submit"
                      name="intent"
                      value={`add-item:${f.id}`}
                      variant="light"
                      onClick={(e) => {
                        if (!hydrated) return;
                        e.preventDefault();
                        setCount(f, n + 1);
                      }}
                    >
                      Add another {f.label.toLowerCase()}
                    </Button>
                  ) : null}
                </Stack>
              </fieldset>
            );
          })}
          {groups.length ? (
            <Text size="xs" c="dimmed">
              An item left blank is skipped.
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            Questions marked * need an answer.
          </Text>
          <Group>
            <Button type="submit" name="intent" value="submit" loading={busy}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
