import { Button, Group, NativeSelect, Stack, Text, Textarea } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { ClientOnly } from "remix-utils/client-only";
import type { Tiles } from "~/lib/map-tiles";
import { Field, type FormReply } from "./fields";

const JobsiteMap = lazy(() => import("./jobsite-map.client"));

export type FenceState = {
  shape: "circle" | "polygon";
  lat: string;
  lng: string;
  radius: string;
  points: string;
};

/**
 * The geofence fields (shape, centre and radius, or polygon corners) with the map beside them.
 * Without JavaScript the fields are typed; with it a click on the map fills them.
 */
export function JobsiteFence({
  initial,
  reply,
  tiles,
}: {
  initial: Record<string, string>;
  reply?: FormReply;
  tiles: Tiles;
}) {
  const v = (k: string) => reply?.values?.[k] ?? initial[k] ?? "";
  const [fence, setFence] = useState<FenceState>({
    shape: v("shape") === "polygon" ? "polygon" : "circle",
    lat: v("lat"),
    lng: v("lng"),
    radius: v("radius") || "200",
    points: v("points"),
  });
  const set = (patch: Partial<FenceState>) => setFence((f) => ({ ...f, ...patch }));
  const onPick = (lat: number, lng: number) =>
    setFence((f) =>
      f.shape === "circle"
        ? { ...f, lat: String(lat), lng: String(lng) }
        : { ...f, points: `${f.points.trim() ? `${f.points.trim()}\n` : ""}${lat}, ${lng}` },
    );
  const placeholder = (
    <div style={{ height: 380, background: "#dee2e6", borderRadius: 8 }} aria-hidden="true" />
  );
  const errors = reply?.errors ?? {};
  return (
    <Stack gap="sm">
      <NativeSelect
        id="f-shape"
        name="shape"
        label="Geofence shape"
        value={fence.shape}
        onChange={(e) => set({ shape: e.currentTarget.value === "polygon" ? "polygon" : "circle" })}
        data={[
          { value: "circle", label: "Circle (centre and radius)" },
          { value: "polygon", label: "Polygon (corners)" },
        ]}
      />
      <Text size="sm" c="dimmed">
        {fence.shape === "circle"
          ? "Click the map to place the centre, or type it."
          : "Click the map at each corner in turn, or type one “latitude, longitude” per line."}
      </Text>
      <ClientOnly fallback={placeholder}>
        {() => (
          <Suspense fallback={placeholder}>
            <JobsiteMap fence={fence} tiles={tiles} onPick={onPick} />
          </Suspense>
        )}
      </ClientOnly>
      {fence.shape === "circle" ? (
        <Group grow align="flex-start">
          <Field
            name="lat"
            label="Latitude"
            value={fence.lat}
            onChange={(e) => set({ lat: e.currentTarget.value })}
            reply={{ errors }}
          />
          <Field
            name="lng"
            label="Longitude"
            value={fence.lng}
            onChange={(e) => set({ lng: e.currentTarget.value })}
            reply={{ errors }}
          />
          <Field
            name="radius"
            label="Radius (m)"
            value={fence.radius}
            onChange={(e) => set({ radius: e.currentTarget.value })}
            reply={{ errors }}
          />
        </Group>
      ) : (
        <>
          <Textarea
            id="f-points"
            name="points"
            label="Corners"
            autosize
            minRows={3}
            value={fence.points}
            onChange={(e) => set({ points: e.currentTarget.value })}
            error={errors.points}
          />
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => set({ points: "" })}>
              Clear corners
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
