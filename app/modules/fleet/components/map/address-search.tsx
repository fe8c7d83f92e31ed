import { Button, Group, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { JS_ONLY } from "~/components/no-script";
import type { MapPlace } from "./fleet-map.client";

type Place = { label: string; kind: string; lat: number; lng: number };

/**
 * SPEC §2.11 address search: text (or "lat, lng") → places from /api/geocode; the first one centres
 * the map at once, the others are offered below. What it holds is the chosen place: a latitude and a
 * longitude (with its label). The live map needs JavaScript, so this box does too.
 */
export function AddressSearch({ onPlace }: { onPlace: (p: MapPlace) => void }) {
  const [q, setQ] = useState("");
  const [places, setPlaces] = useState<Place[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = (p: Place) => onPlace({ label: p.label, lat: p.lat, lng: p.lng, at: Date.now() });

  const search = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const res = await fetch(`/api/geocode?q=${encodeURIComponent(q)}`, {
        credentials: "same-origin",
      });
      const body = (await res.json()) as { places: Place[]; error: string | null };
      setPlaces(body.places);
      if (body.error) setMessage(body.error);
      else if (!body.places.length) setMessage(`No place matches “${q}”.`);
      else choose(body.places[0]!);
    } catch {
      setMessage("The address search is not available right now.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4} className={JS_ONLY} data-testid="address-search">
      <form
        role="search"
        aria-label="Address search"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Find an address"
            placeholder="Street, suburb or lat, lng"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button type="submit" loading={busy} disabled={q.trim().length < 2}>
            Find
          </Button>
        </Group>
      </form>
      {message ? (
        <Text size="sm" role="status">
          {message}
        </Text>
      ) : null}
      {places.length > 1 ? (
        <Group gap="xs" aria-label="Other matches" role="group">
          {places.slice(1).map((p) => (
            <UnstyledButton
              key={`${p.label}-${p.lat}-${p.lng}`}
              onClick={() => choose(p)}
              fz="sm"
              td="underline"
            >
              {p.label}
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
