import { encodeQr, qrSvgPath } from "~/lib/qr";

/** A QR code of `text` as inline SVG: prints sharp at any size, needs no script. */
export function QrCode({
  text,
  size = 192,
  label,
}: {
  text: string;
  size?: number;
  label: string;
}) {
  const code = encodeQr(text);
  const n = code.size + 8;
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
      <path d={qrSvgPath(code)} fill="#000" />
    </svg>
  );
}
