import { LineChart } from "@mantine/charts";
import { Alert, Button, Group, Loader, NativeSelect, Paper, Stack, Text } from "@mantine/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { ClientOnly } from "remix-utils/client-only";
import {
  advance,
  positionAt,
  REPLAY_SPEEDS,
  speedSeries,
  timelineBounds,
  type ReplayTrack,
} from "../replay";
import { formatZoned } from "~/lib/zoned-time";
import { JS_ONLY } from "~/components/no-script";
import { formatSpeed, speedLabel, toSpeedUnit, type Measurement } from "~/lib/units";
import { ReplayMap } from "./replay-map.client";

const COLORS = [
  "#1c7ed6",
  "#e8590c",
  "#2f9e44",
  "#ae3ec9",
  "#f08c00",
  "#0c8599",
  "#c2255c",
  "#5f3dc4",
];

type Pick = { id: string; imei: string; label: string };

/**
 * Replay of one or several trips on one timeline: play, pause, 1x–64x, scrub; the speed chart
 * follows the replay. Needs JavaScript (the one part of the trips area that does).
 */
export function TripReplay({
  picks,
  timeZone,
  measurement,
}: {
  picks: Pick[];
  timeZone: string;
  measurement: Measurement;
}) {
  const [tracks, setTracks] = useState<ReplayTrack[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [t, setT] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(16);
  const key = picks.map((p) => p.id).join(",");

  useEffect(() => {
    let cancelled = false;
    setTracks(null);
    setError(null);
    setPlaying(false);
    Promise.all(
      picks.map(async (p) => {
        const res = await fetch(`/api/trip-track/${encodeURIComponent(p.id)}`, {
          headers: { accept: "application/json" },
        });
        if (!res.ok)
          throw new Error(
            res.status === 404 ? "A trip was not found." : "The trip's track could not be loaded.",
          );
        const body = (await res.json()) as { points: ReplayTrack["points"] };
        return { ...p, points: body.points };
      }),
    )
      .then((list) => {
        if (cancelled) return;
        setTracks(list);
        setT(timelineBounds(list)?.start ?? 0);
      })
      .catch((e: Error) => !cancelled && setError(e.message));
    return () => {
      cancelled = true;
    };
    // picks is derived from `key`; refetch only when the chosen trips change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const bounds = useMemo(() => (tracks ? timelineBounds(tracks) : null), [tracks]);
  const colors = useMemo(
    () => Object.fromEntries(picks.map((p, i) => [p.id, COLORS[i % COLORS.length]!])),
    [picks],
  );
  const rows = useMemo(
    () =>
      tracks
        ? speedSeries(tracks).map((r) =>
            Object.fromEntries(
              Object.entries(r).map(([k, v]) => [
                k,
                k === "t" ? v : Math.round(toSpeedUnit(v, measurement)),
              ]),
            ),
          )
        : [],
    [tracks, measurement],
  );

  // The clock: advances t while playing, by wall time × speed.
  const last = useRef<number | null>(null);
  const current = useRef(t);
  current.current = t;
  useEffect(() => {
    if (!playing || !bounds) return;
    let frame = 0;
    last.current = null;
    const tick = (now: number) => {
      const elapsed = last.current === null ? 0 : now - last.current;
      last.current = now;
      const next = advance(current.current, elapsed, speed, bounds.end);
      current.current = next.t;
      setT(next.t);
      if (next.ended) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, bounds]);

  if (error)
    return (
      <Alert color="red" title="Replay unavailable">
        {error}
      </Alert>
    );
  if (!tracks || !bounds)
    return (
      <Group gap="xs" data-testid="replay-loading" className={JS_ONLY}>
        {tracks ? (
          <Text c="dimmed">These trips have no recorded positions to replay.</Text>
        ) : (
          <>
            <Loader size="sm" />
            <Text size="sm">Loading the track…</Text>
          </>
        )}
      </Group>
    );

  const atEnd = t >= bounds.end;
  return (
    <Stack gap="sm" data-testid="trip-replay">
      <ClientOnly fallback={<Text c="dimmed">Loading map…</Text>}>
        {() => <ReplayMap tracks={tracks} colors={colors} t={t} />}
      </ClientOnly>
      <Paper withBorder p="sm">
        <Group gap="sm" align="end" wrap="wrap">
          <Button
            onClick={() => {
              if (atEnd) setT(bounds.start);
              setPlaying((p) => !p);
            }}
            data-testid="replay-toggle"
            w={96}
          >
            {playing ? "Pause" : "Play"}
          </Button>
          <NativeSelect
            label="Replay speed"
            value={String(speed)}
            onChange={(e) => setSpeed(Number(e.currentTarget.value))}
            data={REPLAY_SPEEDS.map((s) => ({ value: String(s), label: `${s}x` }))}
            w={110}
          />
          <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
            <Text size="sm" fw={500} component="label" htmlFor="replay-position">
              Position:{" "}
              <span data-testid="replay-time">{formatZoned(t, timeZone, "datetime")}</span>
            </Text>
            <input
              id="replay-position"
              type="range"
              min={bounds.start}
              max={bounds.end}
              step={1000}
              value={Math.round(t)}
              onChange={(e) => setT(Number(e.currentTarget.value))}
              style={{ width: "100%" }}
              aria-valuetext={formatZoned(t, timeZone, "datetime")}
            />
          </Stack>
        </Group>
        <Group gap="md" mt="xs">
          {tracks.map((tr) => {
            const p = positionAt(tr.points, t);
            return (
              <Text key={tr.id} size="sm" c={colors[tr.id]} data-testid="replay-vehicle-speed">
                {tr.label}: {p ? formatSpeed(p.speed, measurement) : "not driving"}
              </Text>
            );
          })}
        </Group>
      </Paper>
      <Paper withBorder p="sm">
        <Text size="sm" fw={500} mb="xs">
          Speed ({speedLabel(measurement)})
        </Text>
        <LineChart
          h={220}
          data={rows}
          dataKey="t"
          withDots={false}
          connectNulls={false}
          curveType="linear"
          series={tracks.map((tr) => ({ name: tr.id, label: tr.label, color: colors[tr.id]! }))}
          xAxisProps={{
            type: "number",
            domain: [bounds.start, bounds.end],
            scale: "time",
            tickFormatter: (v: number) => formatZoned(v, timeZone, "time"),
          }}
          referenceLines={[{ x: Math.round(t), color: "red.6", label: "now" }]}
          tooltipProps={{
            labelFormatter: (v: unknown) =>
              typeof v === "number" ? formatZoned(v, timeZone, "time") : "",
          }}
          data-testid="replay-chart"
        />
      </Paper>
    </Stack>
  );
}
