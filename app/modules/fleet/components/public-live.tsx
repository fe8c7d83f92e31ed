/**
 * What the public vehicle pages (a share link's live view, the asset dashboard) have in common:
 * they ask the server again every 15 s while the tab is visible, and show the vehicle on a map
 * that only the browser draws.
 */
import { useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useEffect } from "react";
import { ClientOnly } from "remix-utils/client-only";
import type { Tiles } from "~/lib/map-tiles";

const GeofenceMap = lazy(() => import("./map/geofence-map.client"));

export function useLiveRefresh() {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const t = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") revalidate();
    }, 15_000);
    return () => clearInterval(t);
  }, [revalidate, state]);
}

type MapVehicle = {
  nickname: string;
  avatar: string | null;
  lat: number | null;
  lng: number | null;
};

export function LiveVehicleMap({ vehicle, tiles }: { vehicle: MapVehicle; tiles: Tiles }) {
  return (
    <ClientOnly fallback={null}>
      {() => (
        <Suspense fallback={null}>
          <GeofenceMap
            key={`${vehicle.lat},${vehicle.lng}`}
            device={vehicle}
            centre={null}
            radius={null}
            tiles={tiles}
            height={420}
          />
        </Suspense>
      )}
    </ClientOnly>
  );
}
