import { useMemo } from "react";
import { encode } from "uqr";

/** A QR code of `text` as inline SVG (uqr): prints sharp at any size, needs no script. */
export function QrCode({
  text,
  size = 192,
  label,
}: {
  text: string;
  size?: number;
  label: string;
}) {
  const { n, d } = useMemo(() => {
    const code = encode(text, { border: 4 });
    let path = "";
    code.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) path += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { n: code.size, d: path };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="insight-tag-qr"
      data-qr-text={text}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
