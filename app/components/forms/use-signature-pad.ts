import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * A finger- or mouse-drawn signature (signature_pad, loaded once the page runs JavaScript) on the
 * canvas; after each stroke the drawing is written as a PNG data URL into the hidden input. Until
 * `ready` there is no pad, so the page offers its fallback (a typed name).
 */
export function useSignaturePad(
  canvas: RefObject<HTMLCanvasElement>,
  data: RefObject<HTMLInputElement>,
  onStroke?: () => void,
) {
  const pad = useRef<{ clear(): void; off(): void } | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void import("signature_pad").then(({ default: SignaturePad }) => {
      if (!live || !canvas.current) return;
      const c = canvas.current;
      // Drawn at the screen's pixel density, so the signature is sharp on a phone.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      c.width = c.offsetWidth * ratio;
      c.height = c.offsetHeight * ratio;
      c.getContext("2d")!.scale(ratio, ratio);
      const p = new SignaturePad(c, { backgroundColor: "rgb(255,255,255)" });
      p.addEventListener("endStroke", () => {
        if (data.current) data.current.value = p.toDataURL("image/png");
        onStroke?.();
      });
      pad.current = p;
      setReady(true);
    });
    return () => {
      live = false;
      pad.current?.off();
    };
  }, [canvas, data, onStroke]);
  const clear = () => {
    pad.current?.clear();
    if (data.current) data.current.value = "";
  };
  return { ready, clear };
}
