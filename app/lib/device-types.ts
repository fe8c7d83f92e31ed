/**
 * Device type id lists (SPEC §9), word for word. `ENVIORNMENT_DEVICES` keeps the spec's spelling so
 * a search for the spec's name finds it.
 */
export const POLL_DEVICES: readonly number[] = [21];
export const TRIP_DEVICES: readonly number[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 20, 22, 23, 24, 25, 26, 27, 28, 29, 30,
];
export const LIVE_DASHCAM: readonly number[] = [27, 24];
export const CONCRETE_DEVICES: readonly number[] = [77];
export const ENVIORNMENT_DEVICES: readonly number[] = [57];

export type DeviceCapabilities = {
  trips: boolean;
  poll: boolean;
  liveDashcam: boolean;
  concrete: boolean;
  environment: boolean;
};

/** What a device of this type supports, for the vehicle dashboard and the menus of a device. */
export function capabilities(deviceTypeId: number): DeviceCapabilities {
  return {
    trips: TRIP_DEVICES.includes(deviceTypeId),
    poll: POLL_DEVICES.includes(deviceTypeId),
    liveDashcam: LIVE_DASHCAM.includes(deviceTypeId),
    concrete: CONCRETE_DEVICES.includes(deviceTypeId),
    environment: ENVIORNMENT_DEVICES.includes(deviceTypeId),
  };
}

/** Plain words for the capabilities, in a stable order. */
export function capabilityLabels(deviceTypeId: number): string[] {
  const c = capabilities(deviceTypeId);
  const out: string[] = [];
  if (c.trips) out.push("Trips and logbook");
  if (c.poll) out.push("Position on request (poll tracker)");
  if (c.liveDashcam) out.push("Live dashcam");
  if (c.concrete) out.push("Concrete curing sensor");
  if (c.environment) out.push("Environment monitoring");
  if (!out.length) out.push("Position tracking");
  return out;
}

/** Icons the upstream accepts for `changeicon`. */
export const DEVICE_ICONS = [
  "car",
  "truck",
  "van",
  "ute",
  "bus",
  "trailer",
  "excavator",
  "container",
  "sensor",
] as const;
export type DeviceIconValue = (typeof DEVICE_ICONS)[number];
// The drawings of these icons (SVG, for lists, picker and markers) are in app/components/devices/device-icon.tsx.
