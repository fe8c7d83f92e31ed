import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatZoned } from "~/lib/zoned-time";

type Option = { id: number | string; label: string };
export type OpenEntry = { id: number; start: string; onBreak: boolean } | null;

/** Largest side of a clock-on photo after the browser shrinks it (phones take 4000 px ones). */
const PHOTO_SIDE = 1024;

/** Shrinks a chosen photo in the browser so it stays well within the upload limit. */
async function shrink(input: HTMLInputElement) {
  const file = input.files?.[0];
  if (!file || !file.type.startsWith("image/") || typeof createImageBitmap !== "function") return;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, "image/jpeg", 0.8));
  if (!blob || blob.size >= file.size) return;
  const dt = new DataTransfer();
  dt.items.add(new File([blob], file.name.replace(/\.\w+$/, "") + ".jpg", { type: "image/jpeg" }));
  input.files = dt.files;
}

/**
 * Clock on (job code, jobsite, vehicle, optional photo and position, and the site declaration when
 * the company asks one), breaks and clock off. After a refusal the typed values come back.
 */
export function ClockCard({
  open,
  timeZone,
  jobCodes,
  jobsites,
  vehicles,
  questions = [],
  typed,
}: {
  open: OpenEntry;
  timeZone: string;
  jobCodes: Option[];
  jobsites: Option[];
  vehicles: { imei: string; label: string }[];
  questions?: { id: number; text: string }[];
  typed?: { values: Record<string, string>; missing: number[] };
}) {
  const v = typed?.values ?? {};
  const busy = useNavigation().state === "submitting";
  const [where, setWhere] = useState<{ lat: number; lng: number; accuracy: number } | null>(null);
  const [whereNote, setWhereNote] = useState("Position: asking the browser…");
  const photo = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) return;
    if (!("geolocation" in navigator)) return setWhereNote("Position: not available");
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setWhere({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy });
        setWhereNote(`Position: attached (±${Math.round(p.coords.accuracy)} m)`);
      },
      () => setWhereNote("Position: not shared"),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  }, [open]);
  if (open)
    return (
      <Paper withBorder p="md" data-testid="clock-card">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Clocked on since {formatZoned(open.start, timeZone, "time")}
            </Title>
            {open.onBreak ? (
              <Badge color="orange">On a break</Badge>
            ) : (
              <Badge color="teal">Working</Badge>
            )}
          </Group>
          <Group>
            <Form method="post">
              <input
                type="hidden"
                name="intent"
                value={open.onBreak ? "break_end" : "break_start"}
              />
              <Button type="submit" variant="light" loading={busy}>
                {open.onBreak ? "End break" : "Start break"}
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="clock_off" />
              <Button type="submit" color="red" loading={busy}>
                Clock off
              </Button>
            </Form>
          </Group>
        </Stack>
      </Paper>
    );
  return (
    <Paper withBorder p="md" data-testid="clock-card">
      <Form method="post" encType="multipart/form-data" key={JSON.stringify(v)}>
        <input type="hidden" name="intent" value="clock_on" />
        <input type="hidden" name="lat" value={where?.lat ?? ""} />
        <input type="hidden" name="lng" value={where?.lng ?? ""} />
        <input type="hidden" name="accuracy" value={where?.accuracy ?? ""} />
        <Stack gap="sm">
          <Title order={2} size="h4">
            Clock on
          </Title>
          <NativeSelect
            name="jobcode_id"
            label="Job code"
            required
            defaultValue={v.jobcode_id ?? ""}
            data={[
              { value: "", label: "Pick a job code" },
              ...jobCodes.map((c) => ({ value: String(c.id), label: c.label })),
            ]}
          />
          <NativeSelect
            name="jobsite_id"
            label="Jobsite"
            defaultValue={v.jobsite_id ?? ""}
            data={[
              { value: "", label: "No jobsite" },
              ...jobsites.map((j) => ({ value: String(j.id), label: j.label })),
            ]}
          />
          <NativeSelect
            name="imei"
            label="Vehicle"
            defaultValue={v.imei ?? ""}
            data={[
              { value: "", label: "No vehicle" },
              ...vehicles.map((v) => ({ value: v.imei, label: v.label })),
            ]}
          />
          <TextInput name="notes" label="Notes" maxLength={1000} defaultValue={v.notes ?? ""} />
          {questions.length ? (
            <Stack gap="xs" data-testid="clock-declaration">
              <Text size="sm" fw={600}>
                Site declaration
              </Text>
              {questions.map((q) => (
                <Radio.Group
                  key={q.id}
                  name={`q${q.id}`}
                  label={q.text}
                  withAsterisk
                  defaultValue={v[`q${q.id}`]}
                  error={typed?.missing.includes(q.id) ? "Answer yes or no" : undefined}
                >
                  <Group gap="md" mt={4}>
                    <Radio value="yes" label="Yes" />
                    <Radio value="no" label="No" />
                  </Group>
                </Radio.Group>
              ))}
            </Stack>
          ) : null}
          <div>
            <label
              htmlFor="clock-photo"
              style={{ fontSize: "var(--mantine-font-size-sm)", fontWeight: 500 }}
            >
              Photo (optional)
            </label>
            <input
              id="clock-photo"
              ref={photo}
              type="file"
              name="photo"
              accept="image/*"
              capture="user"
              style={{ display: "block", marginTop: 4, maxWidth: "100%" }}
              onChange={(e) => void shrink(e.currentTarget).catch(() => undefined)}
            />
          </div>
          <Text size="sm" c="dimmed" data-testid="clock-position">
            {whereNote}
          </Text>
          <Group>
            <Button type="submit" loading={busy}>
              Clock on
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

export function Flash({ message, ok }: { message?: string | null; ok?: boolean }) {
  if (!message) return null;
  return (
    <Alert
      color={ok ? "teal" : "red"}
      role={ok ? "status" : "alert"}
      data-testid="timesheet-message"
    >
      {message}
    </Alert>
  );
}
