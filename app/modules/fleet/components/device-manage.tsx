import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Text,
  TextInput,
} from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { useSettings } from "~/components/settings/settings-context";
import { formatLength } from "~/lib/units";
import type { Tiles } from "~/lib/map-tiles";
import { DeviceIcon, PICKER_ICONS } from "./device-icon";
import { ConfirmForm } from "~/components/confirm-form";
import { Feedback, Section, type ActionData } from "./device-manage-parts";

const GeofenceMap = lazy(() => import("./map/geofence-map.client"));

export type ManageDevice = {
  imei: string;
  nickname: string;
  avatar: string | null;
  permdriver: string | null;
  tags: { id: number; name: string }[];
  groups: { id: number; nickname: string }[];
  geofence: { lat: number; lng: number; meters: number } | null;
  lat: number | null;
  lng: number | null;
};
export type { ActionData } from "./device-manage-parts";
export { ShareLinks } from "./device-share-links";

type Props = {
  device: ManageDevice;
  companyTags: { id: number; name: string }[];
  companyGroups: { id: number; nickname: string }[];
  tiles: Tiles;
  result: ActionData | undefined;
  /** The forms (intents) the user may post; a form not allowed is not shown. */
  can: Record<string, boolean>;
};

/** The device management forms. Each is a plain POST form with its own intent, so all work without JavaScript. */
export function DeviceManage({ device, companyTags, companyGroups, tiles, result, can }: Props) {
  const nav = useNavigation();
  const { settings } = useSettings();
  const busy = (intent: string) => nav.state !== "idle" && nav.formData?.get("intent") === intent;
  const confirmingDelete = result?.intent === "geofence-delete" && Boolean(result.confirmDelete);
  const err = (intent: string, field: string) =>
    result?.intent === intent ? result.errors?.[field] : undefined;
  const val = (intent: string, field: string, fallback: string) =>
    result?.intent === intent && !result.ok ? (result.values?.[field] ?? fallback) : fallback;

  const initLat = device.geofence
    ? String(device.geofence.lat)
    : device.lat !== null
      ? String(device.lat)
      : "";
  const initLng = device.geofence
    ? String(device.geofence.lng)
    : device.lng !== null
      ? String(device.lng)
      : "";
  const [latText, setLatText] = useState(val("geofence", "lat", initLat));
  const [lngText, setLngText] = useState(val("geofence", "lng", initLng));
  const [radius, setRadius] = useState<number | null>(
    Number(val("geofence", "radius", String(device.geofence?.meters ?? 200))) || null,
  );
  const centre =
    latText.trim() &&
    lngText.trim() &&
    Number.isFinite(Number(latText)) &&
    Number.isFinite(Number(lngText))
      ? { lat: Number(latText), lng: Number(lngText) }
      : null;
  const setCentre = (c: { lat: number; lng: number }) => {
    setLatText(String(c.lat));
    setLngText(String(c.lng));
  };

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Section title="Nickname" hidden={!can.rename}>
        <Form method="post" data-testid="form-rename">
          <input type="hidden" name="intent" value="rename" />
          <Group align="flex-end">
            <TextInput
              name="nickname"
              label="Nickname"
              defaultValue={val("rename", "nickname", device.nickname)}
              error={err("rename", "nickname")}
              style={{ flex: 1 }}
              key={`n-${device.nickname}`}
            />
            <Button type="submit" loading={busy("rename")}>
              Rename
            </Button>
          </Group>
        </Form>
        <Feedback result={result} intent="rename" />
      </Section>

      <Section title="Installation" hidden={!can.rename}>
        <Text size="sm" mb="xs">
          Fitting or moving this device? The installation check follows its GPS fix, ignition,
          supply voltage and odometer live, and issues a signed certificate once all pass.
        </Text>
        <Button
          component={Link}
          to={`/installation/${encodeURIComponent(device.imei)}`}
          variant="light"
        >
          Start the installation check
        </Button>
      </Section>

      <Section title="Icon" hidden={!can.icon}>
        <Form method="post" data-testid="form-icon">
          <input type="hidden" name="intent" value="icon" />
          <Radio.Group
            name="icon"
            label="Choose an icon"
            defaultValue={device.avatar ?? undefined}
            error={err("icon", "icon")}
            key={`i-${device.avatar}`}
          >
            <Group gap="sm" mt={4}>
              {PICKER_ICONS.map(({ value, label }) => (
                <Radio
                  key={value}
                  value={value}
                  data-testid="icon-choice"
                  label={
                    <span style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
                      <DeviceIcon avatar={value} size={18} />
                      {label}
                    </span>
                  }
                />
              ))}
            </Group>
          </Radio.Group>
          <Button type="submit" mt="xs" loading={busy("icon")}>
            Change icon
          </Button>
        </Form>
        <Feedback result={result} intent="icon" />
      </Section>

      <Section title="Permanent driver" hidden={!can.permdriver}>
        <Form method="post" data-testid="form-permdriver">
          <input type="hidden" name="intent" value="permdriver" />
          <Group align="flex-end">
            <TextInput
              name="permdriver"
              label="Driver's name"
              description="Leave empty for no permanent driver"
              defaultValue={val("permdriver", "permdriver", device.permdriver ?? "")}
              error={err("permdriver", "permdriver")}
              style={{ flex: 1 }}
              key={`d-${device.permdriver}`}
            />
            <Button type="submit" loading={busy("permdriver")}>
              Save driver
            </Button>
          </Group>
        </Form>
        <Feedback result={result} intent="permdriver" />
      </Section>

      <Section title="Tags" hidden={!can.tags}>
        <Form method="post" data-testid="form-tags">
          <input type="hidden" name="intent" value="tags" />
          {companyTags.length ? (
            <Checkbox.Group
              label="Company tags"
              error={err("tags", "tags")}
              defaultValue={device.tags.map((t) => String(t.id))}
              key={`t-${device.tags.map((t) => t.id).join()}`}
            >
              <Group gap="sm" mt={4}>
                {companyTags.map((t) => (
                  <Checkbox key={t.id} name="tag" value={String(t.id)} label={t.name} />
                ))}
              </Group>
            </Checkbox.Group>
          ) : (
            <Text size="sm" c="dimmed">
              The company has no tags yet.
            </Text>
          )}
          <Button type="submit" mt="xs" loading={busy("tags")}>
            Save tags
          </Button>
        </Form>
        <Feedback result={result} intent="tags" />
      </Section>

      <Section title="Groups" hidden={!can.groups}>
        <Form method="post" data-testid="form-groups">
          <input type="hidden" name="intent" value="groups" />
          <Checkbox.Group
            label="Groups (sorted by name)"
            error={err("groups", "groups")}
            defaultValue={device.groups.map((g) => String(g.id))}
            key={`g-${device.groups.map((g) => g.id).join()}`}
          >
            <Group gap="sm" mt={4}>
              {companyGroups.map((g) => (
                <Checkbox key={g.id} name="group" value={String(g.id)} label={g.nickname} />
              ))}
            </Group>
          </Checkbox.Group>
          <Button type="submit" mt="xs" loading={busy("groups")}>
            Save groups
          </Button>
        </Form>
        <Feedback result={result} intent="groups" />
      </Section>

      <Section title="Geofence" hidden={!can.geofence}>
        <Text size="sm" c="dimmed">
          {device.geofence
            ? `Current: ${formatLength(device.geofence.meters, settings.measurement)} around ${device.geofence.lat}, ${device.geofence.lng}.`
            : "No geofence yet."}{" "}
          Click the map to place the centre, then set the radius.
        </Text>
        <ClientOnly fallback={null}>
          {() => (
            <Suspense fallback={null}>
              <GeofenceMap
                device={device}
                centre={centre}
                radius={radius}
                tiles={tiles}
                onCentre={setCentre}
              />
            </Suspense>
          )}
        </ClientOnly>
        <Form method="post" data-testid="form-geofence">
          <input type="hidden" name="intent" value="geofence" />
          <Group grow align="flex-start">
            <TextInput
              name="lat"
              label="Centre latitude"
              value={latText}
              onChange={(e) => setLatText(e.currentTarget.value)}
              error={err("geofence", "lat")}
            />
            <TextInput
              name="lng"
              label="Centre longitude"
              value={lngText}
              onChange={(e) => setLngText(e.currentTarget.value)}
              error={err("geofence", "lng")}
            />
            <NumberInput
              name="radius"
              label="Radius (metres)"
              description="10 to 100,000"
              defaultValue={val("geofence", "radius", String(device.geofence?.meters ?? 200))}
              onChange={(v) => setRadius(typeof v === "number" ? v : Number(v) || null)}
              error={err("geofence", "radius")}
              allowDecimal={false}
            />
          </Group>
          <Button type="submit" mt="xs" loading={busy("geofence")}>
            Save geofence
          </Button>
        </Form>
        <Feedback result={result} intent="geofence" />
        {device.geofence ? (
          <div data-testid={confirmingDelete ? "confirm-delete" : undefined}>
            {confirmingDelete ? (
              <Text size="sm" c="dimmed">
                The device will no longer have a geofence. This cannot be undone.
              </Text>
            ) : null}
            <ConfirmForm
              fields={{ intent: "geofence-delete" }}
              confirming={confirmingDelete}
              label="Delete geofence"
              question="Delete this geofence?"
              confirmLabel="Yes, delete the geofence"
              busy={busy("geofence-delete")}
              variant="outline"
              size="sm"
            />
          </div>
        ) : null}
        <Feedback result={result} intent="geofence-delete" />
      </Section>
    </SimpleGrid>
  );
}
