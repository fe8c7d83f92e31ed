/**
 * Parts of one event's page: its review (shared with driver safety) with the history, and footage
 * requests: a form for a window of any camera within its retention, and the requests followed
 * until their footage is there (polled with JavaScript; a refresh link without).
 */
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Form, Link, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { utcToZonedLocal } from "~/lib/zoned-days";
import { formatZoned } from "~/lib/zoned-time";
import { REVIEW_LABEL, REVIEW_STATUSES, type ReviewStatus } from "~/modules/drivers";
import { CLIP_STATUS_LABEL, MAX_WINDOW_S, MIN_WINDOW_S, type ClipStatus } from "../types";

export type PanelResult = {
  intent: string;
  errors: Record<string, string>;
  values: Record<string, string>;
};

type History = Array<{
  status: string;
  reason: string | null;
  note: string | null;
  by: string;
  at: string;
}>;

export function ReviewPanel({
  review,
  manager,
  timeZone,
  result,
}: {
  review: { status: ReviewStatus; reason: string | null; note: string | null; history: History };
  manager: boolean;
  timeZone: string;
  result?: PanelResult;
}) {
  const mine = result?.intent === "review" ? result : undefined;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Review
      </Title>
      <Text data-testid="review-status">
        {REVIEW_LABEL[review.status]}
        {review.reason ? `: ${review.reason}` : ""}
      </Text>
      {manager ? (
        <Form method="post" data-testid="review-form">
          <input type="hidden" name="intent" value="review" />
          <Stack gap="xs">
            <NativeSelect
              name="status"
              label="Status"
              defaultValue={mine?.values.status ?? review.status}
              data={REVIEW_STATUSES.map((s) => ({ value: s, label: REVIEW_LABEL[s] }))}
            />
            <TextInput
              name="reason"
              label="Reason (to dismiss)"
              defaultValue={mine?.values.reason ?? review.reason ?? ""}
              error={mine?.errors.reason}
              maxLength={200}
            />
            <TextInput
              name="note"
              label="Note"
              defaultValue={mine?.values.note ?? review.note ?? ""}
              error={mine?.errors.note}
              maxLength={1000}
            />
            <Group>
              <Button type="submit">Save review</Button>
            </Group>
          </Stack>
        </Form>
      ) : null}
      <Title order={3} size="h4">
        History
      </Title>
      {review.history.length ? (
        <ol data-testid="review-history" style={{ margin: 0, paddingLeft: 20 }}>
          {[...review.history].reverse().map((h, i) => (
            <li key={i}>
              <Text size="sm">
                {REVIEW_LABEL[h.status as ReviewStatus] ?? h.status} by {h.by},{" "}
                {formatZoned(h.at, timeZone, "full")}
                {h.reason ? ` (${h.reason})` : ""}
                {h.note ? `: ${h.note}` : ""}
              </Text>
            </li>
          ))}
        </ol>
      ) : (
        <Text size="sm" c="dimmed">
          Not reviewed yet.
        </Text>
      )}
    </Stack>
  );
}

export type FootageRequest = {
  id: number;
  vehicle: string;
  from: string;
  to: string;
  seconds: number;
  requested_at: string;
  requested_by: string;
  status: ClipStatus;
  progress: number;
  failure_reason: string | null;
  clip: string | null;
};

const STATUS_COLOUR: Record<ClipStatus, string> = {
  requested: "gray",
  uploading: "blue",
  available: "green",
  failed: "red",
};

/** While a request is on its way, the page asks again every few seconds (JavaScript only). */
function usePolling(active: boolean, everyMs = 2000) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => {
      if (state === "idle" && document.visibilityState === "visible") revalidate();
    }, everyMs);
    return () => clearInterval(t);
  }, [active, everyMs, revalidate, state]);
}

export function FootagePanel({
  cameras,
  defaults,
  requests,
  timeZone,
  result,
}: {
  cameras: Array<{ imei: string; name: string; retentionDays: number; oldest: string }>;
  defaults: { imei: string; from: number; seconds: number };
  requests: FootageRequest[];
  timeZone: string;
  result?: PanelResult;
}) {
  const mine = result?.intent === "footage" ? result : undefined;
  const pending = requests.some((r) => r.status === "requested" || r.status === "uploading");
  usePolling(pending);
  const here = useLocation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Footage
      </Title>
      <Text size="sm" c="dimmed">
        Ask a camera for a window of its recording (times in {timeZone}). Cameras keep{" "}
        {cameras.map((c) => `${c.name} ${c.retentionDays} days`).join(", ")}.
      </Text>
      <Form method="post" data-testid="footage-form">
        <input type="hidden" name="intent" value="footage" />
        <Group gap="xs" align="flex-start" wrap="wrap">
          <NativeSelect
            name="imei"
            label="Vehicle"
            defaultValue={mine?.values.imei ?? defaults.imei}
            error={mine?.errors.imei}
            data={cameras.map((c) => ({ value: c.imei, label: c.name }))}
            w={{ base: "100%", xs: 200 }}
          />
          <TextInput
            type="datetime-local"
            step={1}
            name="from"
            label="Start"
            defaultValue={mine?.values.from ?? utcToZonedLocal(defaults.from, timeZone)}
            error={mine?.errors.from}
            w={{ base: "100%", xs: 240 }}
          />
          <TextInput
            type="number"
            name="seconds"
            label="Length (seconds)"
            min={MIN_WINDOW_S}
            max={MAX_WINDOW_S}
            defaultValue={mine?.values.seconds ?? String(defaults.seconds)}
            error={mine?.errors.seconds}
            w={{ base: "100%", xs: 150 }}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }}>
            Request footage
          </Button>
        </Group>
      </Form>
      {requests.length ? (
        <Stack gap="xs" data-testid="footage-requests">
          {requests.map((r) => (
            <Stack
              key={r.id}
              gap={4}
              data-request={r.id}
              data-status={r.status}
              p="xs"
              style={{ border: "1px solid #dee2e6", borderRadius: 8 }}
            >
              <Group gap="xs" justify="space-between">
                <Text size="sm" fw={600}>
                  {r.vehicle}: {formatZoned(r.from, timeZone, "full")}, {r.seconds} s
                </Text>
                <Badge color={STATUS_COLOUR[r.status]} variant="light" autoContrast>
                  {CLIP_STATUS_LABEL[r.status]}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                Requested by {r.requested_by}, {formatZoned(r.requested_at, timeZone, "full")}
              </Text>
              {r.status === "uploading" ? (
                <Progress value={r.progress} aria-label={`Uploaded ${r.progress} %`} />
              ) : null}
              {r.failure_reason ? (
                <Text size="sm" c="red.8">
                  {r.failure_reason}
                </Text>
              ) : null}
              {r.clip ? (
                <video
                  controls
                  preload="metadata"
                  src={r.clip}
                  data-testid="footage-video"
                  style={{ width: "100%", maxWidth: 480, background: "#000" }}
                >
                  <track kind="captions" />
                  <a href={r.clip}>Download the footage</a>
                </video>
              ) : null}
            </Stack>
          ))}
          {pending ? (
            <Anchor component={Link} to={`${here.pathname}${here.search}`} size="sm" reloadDocument>
              Refresh the status
            </Anchor>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
