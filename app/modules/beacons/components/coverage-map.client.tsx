/**
 * Coverage cells on a map (browser only). Each cell is a rectangle coloured by signal quality;
 * nothing else is drawn. Tiles are optional (plain background when they cannot load).
 */
import L from "leaflet";
import { useEffect, useRef } from "react";
import { mapText } from "~/lib/map-text";
import type { Tiles } from "~/lib/map-tiles";
import { QUALITY_COLOURS, QUALITY_LABELS, type PublicCell } from "../coverage-grid";

export default function CoverageMap({
  cells,
  tiles,
  height = 520,
}: {
  cells: PublicCell[];
  tiles: Tiles;
  height?: number;
}) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { keyboard: true }).setView([-27.47, 153.02], 10);
    (el.current as HTMLDivElement & { leafletMap?: L.Map }).leafletMap = m;
    L.tileLayer(tiles.normal, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    const rects = cells.map((c) =>
      L.rectangle(
        [
          [c.south, c.west],
          [c.north, c.east],
        ],
        {
          color: QUALITY_COLOURS[c.quality],
          weight: 1,
          fillOpacity: 0.45,
          className: `ts-coverage-cell ts-coverage-${c.quality}`,
        },
      )
        .bindTooltip(
          mapText(`${QUALITY_LABELS[c.quality]} signal · ${c.avgDbm} dBm · ${c.samples} samples`)
            .safeHtml,
        )
        .addTo(m),
    );
    if (rects.length) m.fitBounds(L.featureGroup(rects).getBounds(), { padding: [20, 20] });
    return () => {
      m.remove();
    };
  }, [cells, tiles]);
  return (
    <div
      ref={el}
      data-testid="coverage-map"
      role="region"
      aria-label="Map of network coverage cells coloured by signal quality"
      style={{ height, width: "100%", background: "#dee2e6", borderRadius: 8 }}
    />
  );
}
