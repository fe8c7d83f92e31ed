import { Anchor, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { QrCode } from "./qr-code";

/**
 * The tag's label: its QR code, the public address in text and its name. Printing the page prints
 * only this (print-label.css); the buttons are not printed.
 */
export function TagLabel({
  uuid,
  name,
  publicUrl,
}: {
  uuid: string;
  name: string;
  publicUrl: string;
}) {
  return (
    <Paper withBorder p="sm" data-testid="qr-panel" className="ts-print-area">
      <Stack gap={4} align="center">
        <QrCode text={publicUrl} label={`QR code of the public page of ${name}`} />
        <Text size="xs" ff="monospace" data-testid="public-url">
          {publicUrl}
        </Text>
        <Text fw={700} data-testid="label-name">
          {name}
        </Text>
        <Group gap="xs" className="ts-no-print">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => window.print()}
            data-testid="print-qr"
          >
            Print QR code
          </Button>
          <Anchor href={`/insight-tag/${uuid}`} target="_blank" size="sm">
            Public page
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
