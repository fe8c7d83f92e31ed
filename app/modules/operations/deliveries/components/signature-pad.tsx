import { Button, Input, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";

/** A signature drawn with a finger (signature_pad), kept as a PNG data URL in a hidden field. */
export function SignaturePadInput({ name }: { name: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const data = useRef<HTMLInputElement>(null);
  const pad = useRef<{ clear(): void; off(): void } | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void import("signature_pad").then(({ default: SignaturePad }) => {
      if (!live || !canvas.current) return;
      const c = canvas.current;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      c.width = c.offsetWidth * ratio;
      c.height = c.offsetHeight * ratio;
      c.getContext("2d")!.scale(ratio, ratio);
      const p = new SignaturePad(c, { backgroundColor: "rgb(255,255,255)" });
      p.addEventListener("endStroke", () => {
        if (data.current) data.current.value = p.toDataURL("image/png");
      });
      pad.current = p;
      setReady(true);
    });
    return () => {
      live = false;
      pad.current?.off();
    };
  }, []);
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
        <Button
          variant="subtle"
          size="compact-sm"
          mt={4}
          onClick={() => {
            pad.current?.clear();
            if (data.current) data.current.value = "";
          }}
        >
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
