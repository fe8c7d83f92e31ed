/**
 * Device geofences: thousands at 10,000 devices. Every canvas path is re-projected on each zoom
 * frame, so only those in view and big enough to see (MIN_FENCE_PX) are drawn, redrawn on moveend;
 * circles that stay in view are kept as they are.
 */
import L from "leaflet";
import { FENCE_SLICE, MAX_FENCES, MIN_FENCE_PX } from "./map-layers";
import type { Fence } from "./use-fleet-data";

export class FenceDrawer {
  private kept = new Map<string, L.Circle>();
  private seq = 0;

  constructor(private readonly group: L.LayerGroup) {}

  draw(m: L.Map, fences: Fence[]) {
    const g = this.group;
    const seq = ++this.seq;
    const next = new Map<string, L.Circle>();
    const adds: L.Circle[] = [];
    if (fences.length) {
      const b = m.getBounds().pad(0.3);
      // Metres per pixel at this zoom and latitude (Web Mercator).
      const mpp =
        (40_075_016.686 * Math.cos((m.getCenter().lat * Math.PI) / 180)) / 2 ** (m.getZoom() + 8);
      const shown = fences.filter(
        (f) => f.meters / mpp >= MIN_FENCE_PX && b.contains([f.lat, f.lng]),
      );
      shown.sort((a, b2) => b2.meters - a.meters);
      for (const f of shown.slice(0, MAX_FENCES)) {
        const key = `${f.imei}|${f.lat}|${f.lng}|${f.meters}`;
        let c = this.kept.get(key);
        if (c) {
          this.kept.delete(key);
          if (!g.hasLayer(c)) adds.push(c); // kept from a draw whose slices did not finish
        } else {
          c = L.circle([f.lat, f.lng], {
            radius: f.meters,
            color: "#7048e8",
            weight: 2,
            fillOpacity: 0.08,
            interactive: false,
          });
          adds.push(c);
        }
        next.set(key, c);
      }
    }
    // Only circles that left the view (or the list) are removed; the others stay as they are.
    for (const c of this.kept.values()) g.removeLayer(c);
    this.kept = next;
    // New circles join a few per frame: hundreds at once (zooming in past a city) held one frame
    // far past 50 ms, in our code and in the canvas repaint after it.
    let i = 0;
    const step = () => {
      if (seq !== this.seq) return;
      const end = Math.min(adds.length, i + FENCE_SLICE);
      for (; i < end; i++) g.addLayer(adds[i]!);
      if (i < adds.length) requestAnimationFrame(step);
    };
    if (adds.length) requestAnimationFrame(step);
  }
}
