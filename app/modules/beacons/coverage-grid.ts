/**
 * Network coverage made safe to publish: only cells that several distinct devices contributed to
 * (a cell seen by one vehicle is that vehicle's trail), snapped to the grid, without device counts
 * or identities.
 */

/** A cell is published only when at least this many distinct devices reported from it. */
export const MIN_DEVICES_PER_CELL = 3;

export type SignalQuality = "good" | "fair" | "poor";
export const QUALITY_LABELS: Record<SignalQuality, string> = {
  good: "Good",
  fair: "Fair",
  poor: "Poor",
};
export const QUALITY_COLOURS: Record<SignalQuality, string> = {
  good: "#2f9e44",
  fair: "#f08c00",
  poor: "#e03131",
};

/** dBm → quality: good from -80, fair from -95, poor below. */
export function signalQuality(dbm: number): SignalQuality {
  return dbm >= -80 ? "good" : dbm >= -95 ? "fair" : "poor";
}

export type RawCell = {
  lat: number;
  lng: number;
  samples: number;
  devices: number;
  avg_dbm: number;
};
export type PublicCell = {
  south: number;
  west: number;
  north: number;
  east: number;
  lat: number;
  lng: number;
  samples: number;
  avgDbm: number;
  quality: SignalQuality;
};

export function publishableCells(
  cells: RawCell[],
  cellDeg: number,
  minDevices = MIN_DEVICES_PER_CELL,
): PublicCell[] {
  const r = (n: number) => Number(n.toFixed(4));
  return cells
    .filter((c) => c.devices >= minDevices && c.samples > 0 && Number.isFinite(c.avg_dbm))
    .map((c) => {
      // The cell the point falls in, whatever centre the upstream reported.
      const south = Math.floor(c.lat / cellDeg) * cellDeg;
      const west = Math.floor(c.lng / cellDeg) * cellDeg;
      const avgDbm = Math.round(c.avg_dbm);
      return {
        south: r(south),
        west: r(west),
        north: r(south + cellDeg),
        east: r(west + cellDeg),
        lat: r(south + cellDeg / 2),
        lng: r(west + cellDeg / 2),
        samples: c.samples,
        avgDbm,
        quality: signalQuality(avgDbm),
      };
    })
    .sort((a, b) => b.lat - a.lat || a.lng - b.lng);
}

export function qualityCounts(cells: PublicCell[]): Record<SignalQuality, number> {
  const out: Record<SignalQuality, number> = { good: 0, fair: 0, poor: 0 };
  for (const c of cells) out[c.quality]++;
  return out;
}
