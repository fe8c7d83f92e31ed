import { Button, Input, Text } from "@mantine/core";
import { useRef } from "react";
import { useSignaturePad } from "~/components/forms/use-signature-pad";

/** A signature drawn with a finger (signature_pad), kept as a PNG data URL in a hidden field. */
export function SignaturePadInput({ name }: { name: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const data = useRef<HTMLInputElement>(null);
  const { ready, clear } = useSignaturePad(canvas, data);
  return (
    <Input.Wrapper label="Signature" description="The recipient signs with a finger.">
      <input ref={data} type="hidden" name={name} defaultValue="" />
      <canvas
        ref={canvas}
        aria-label="Signature pad"
        role="img"
        data-testid="signature-pad"
        style={{
          display: "block",
          width: "100%",
          height: 160,
          border: "1px solid var(--mantine-color-gray-5)",
          borderRadius: 6,
          background: "#fff",
          touchAction: "none",
        }}
      />
      {ready ? (
        <Button variant="subtle" size="compact-sm" mt={4} onClick={clear}>
          Clear the signature
        </Button>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          The signature pad needs JavaScript; the recipient&apos;s name is enough without it.
        </Text>
      )}
    </Input.Wrapper>
  );
}
