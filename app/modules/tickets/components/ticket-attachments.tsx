import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { formatZoned } from "~/lib/zoned-time";
import type { TicketDetail } from "../tickets-page.server";

const ACCEPT = "image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf";

const sizeOf = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A ticket's attachments (downloaded through our server) and a plain file upload. */
export function TicketAttachments({
  d,
  timeZone,
  canAttach,
  error,
}: {
  d: TicketDetail;
  timeZone: string;
  canAttach: boolean;
  error?: string;
}) {
  const busy = useNavigation().state !== "idle";
  const inputId = `attach-${d.ticket.id}`;
  return (
    <Stack gap={6} data-testid="ticket-attachments">
      <Title order={3} size="h5">
        Attachments
      </Title>
      {d.attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No attachments yet.
        </Text>
      ) : (
        d.attachments.map((a) => (
          <Text key={a.id} size="sm" data-testid="ticket-attachment">
            <Anchor href={`/tickets/attachments/${a.id}`} target="_blank" rel="noopener">
              {a.name}
            </Anchor>{" "}
            · {sizeOf(a.size)} · {a.name_by} · {formatZoned(a.at, timeZone, "datetime")}
          </Text>
        ))
      )}
      {canAttach ? (
        <Form method="post" encType="multipart/form-data" preventScrollReset>
          <input type="hidden" name="intent" value="attach" />
          <input type="hidden" name="id" value={d.ticket.id} />
          <Stack gap={4}>
            <label htmlFor={inputId}>
              <Text span size="sm" fw={500}>
                Attach a file
              </Text>
            </label>
            <Text id={`${inputId}-hint`} size="xs">
              JPEG, PNG or WebP picture, or a PDF; at most 700 KB.
            </Text>
            <Group gap="xs" wrap="wrap">
              <input
                id={inputId}
                type="file"
                name="file"
                accept={ACCEPT}
                aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ""}`}
                aria-invalid={error ? true : undefined}
              />
              <Button type="submit" variant="light" size="compact-sm" loading={busy}>
                Upload
              </Button>
            </Group>
            {error ? (
              <Text id={`${inputId}-error`} size="sm" c="red.8" role="alert">
                {error}
              </Text>
            ) : null}
          </Stack>
        </Form>
      ) : null}
    </Stack>
  );
}
