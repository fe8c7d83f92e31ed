import { Anchor, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { renderSVG } from "uqr";

/** An SVG QR code as a data URL: shown as an image and downloaded as a file, with no server round trip. */
export function qrDataUrl(value: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(value, { border: 2 }))}`;
}

/**
 * A link's QR code behind a disclosure (a native <details>, so it opens without JavaScript), with
 * a download to print on a label. `name` becomes the file name.
 */
export function QrCode({ value, name }: { value: string; name: string }) {
  const src = useMemo(() => qrDataUrl(value), [value]);
  const file = `${name.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || "qr-code"}.svg`;
  return (
    <details data-testid="qr-code">
      <summary style={{ cursor: "pointer" }}>
        <Text span size="sm">
          QR code
        </Text>
      </summary>
      <Stack gap={4} mt="xs" align="flex-start">
        <img src={src} alt={`QR code of ${name}`} width={180} height={180} />
        <Anchor href={src} download={file} size="sm">
          Download to print (SVG)
        </Anchor>
      </Stack>
    </details>
  );
}
