import { Button, Divider, SegmentedControl, Stack, Switch, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useSettings } from "~/components/settings/settings-context";
import type { MapPreferences, Settings } from "~/lib/settings";

type Flag = keyof Pick<
  Settings,
  | "responsiveFontSizes"
  | "roundedCorners"
  | "compact"
  | "compactView"
  | "iconColor"
  | "accurateAddress"
  | "groupView"
  | "cluster"
  | "colouredCluster"
>;

const FLAGS: { key: Flag; label: string; hint: string }[] = [
  {
    key: "responsiveFontSizes",
    label: "Responsive font sizes",
    hint: "Text grows on large screens",
  },
  { key: "roundedCorners", label: "Rounded corners", hint: "Cards and buttons with 16px corners" },
  { key: "compact", label: "Compact", hint: "Less space between elements" },
  { key: "compactView", label: "Compact view", hint: "Denser lists and tables" },
  { key: "iconColor", label: "Coloured icons", hint: "Device icons coloured by status" },
  {
    key: "accurateAddress",
    label: "Accurate address",
    hint: "Addresses from exact coordinates (slower)",
  },
  { key: "groupView", label: "Group view", hint: "Device lists grouped by group" },
  { key: "cluster", label: "Cluster markers", hint: "Nearby devices merge into one marker" },
  {
    key: "colouredCluster",
    label: "Coloured clusters",
    hint: "Clusters coloured by the status of their devices",
  },
];

const MAP_FLAGS: { key: keyof Omit<MapPreferences, "overlay">; label: string }[] = [
  { key: "customGeofences", label: "Custom geofences" },
  { key: "jobsiteGeofences", label: "Jobsite geofences" },
  { key: "vehicleLabels", label: "Vehicle labels" },
  { key: "railmap", label: "Rail map" },
];

/**
 * Every user-adjustable setting (SPEC §2.11). Changes apply at once and persist in the browser;
 * used by the settings drawer and the account page.
 */
export function SettingsPanel() {
  const { settings, update, updateMap, reset } = useSettings();
  return (
    <Stack gap="md" data-testid="settings-panel">
      <Title order={3} size="h5">
        Appearance
      </Title>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="settings-theme">
          Theme
        </Text>
        <SegmentedControl
          aria-labelledby="settings-theme"
          value={settings.theme}
          onChange={(value) => update({ theme: value as Settings["theme"] })}
          data={[
            { value: "LIGHT", label: "Light" },
            { value: "DARK", label: "Dark" },
            { value: "NATURE", label: "Nature" },
          ]}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="settings-direction">
          Text direction
        </Text>
        <SegmentedControl
          aria-labelledby="settings-direction"
          value={settings.direction}
          onChange={(value) => update({ direction: value as Settings["direction"] })}
          data={[
            { value: "ltr", label: "Left to right" },
            { value: "rtl", label: "Right to left" },
          ]}
        />
      </Stack>
      {FLAGS.map((f) => (
        <Switch
          key={f.key}
          label={f.label}
          description={f.hint}
          checked={settings[f.key]}
          onChange={(e) => update({ [f.key]: e.currentTarget.checked })}
        />
      ))}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="settings-measurement">
          Measurement
        </Text>
        <SegmentedControl
          aria-labelledby="settings-measurement"
          value={settings.measurement}
          onChange={(value) => update({ measurement: value as Settings["measurement"] })}
          data={[
            { value: "metric", label: "Metric (km)" },
            { value: "imperial", label: "Imperial (mi)" },
          ]}
        />
      </Stack>
      <Divider />
      <Title order={3} size="h5">
        Map preferences
      </Title>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="settings-overlay">
          Map overlay
        </Text>
        <SegmentedControl
          aria-labelledby="settings-overlay"
          value={settings.map.overlay}
          onChange={(value) => updateMap({ overlay: value as MapPreferences["overlay"] })}
          data={[
            { value: "normal", label: "Normal" },
            { value: "satellite", label: "Satellite" },
          ]}
        />
      </Stack>
      {MAP_FLAGS.map((f) => (
        <Switch
          key={f.key}
          label={f.label}
          checked={settings.map[f.key]}
          onChange={(e) => updateMap({ [f.key]: e.currentTarget.checked })}
        />
      ))}
      <Divider />
      <Button
        variant="default"
        onClick={() => {
          reset();
          notifications.show({ title: "Settings", message: "Settings reset to their defaults" });
        }}
      >
        Reset to defaults
      </Button>
    </Stack>
  );
}
