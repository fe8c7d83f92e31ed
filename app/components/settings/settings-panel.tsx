import { Button, Divider, Group, Radio, Stack, Switch, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useLocation } from "@remix-run/react";
import { useSettings } from "~/components/settings/settings-context";
import {
  DISPLAY_SETTINGS_FORM,
  MAP_FLAGS,
  SETTING_FLAGS,
  type MapPreferences,
  type Settings,
} from "~/lib/settings";
import { distanceLabel } from "~/lib/units";

const FLAG_TEXT: Record<(typeof SETTING_FLAGS)[number], { label: string; hint: string }> = {
  responsiveFontSizes: { label: "Responsive font sizes", hint: "Text grows on large screens" },
  roundedCorners: { label: "Rounded corners", hint: "Cards and buttons with 16px corners" },
  compact: { label: "Compact", hint: "Less space between elements" },
  compactView: { label: "Compact view", hint: "Denser lists and tables" },
  iconColor: { label: "Coloured icons", hint: "Device icons coloured by status" },
  accurateAddress: { label: "Accurate address", hint: "Addresses from exact coordinates (slower)" },
  groupView: { label: "Group view", hint: "Device lists grouped by group" },
  cluster: { label: "Cluster markers", hint: "Nearby devices merge into one marker" },
  colouredCluster: {
    label: "Coloured clusters",
    hint: "Clusters coloured by the status of their devices",
  },
};

const MAP_FLAG_LABELS: Record<(typeof MAP_FLAGS)[number], string> = {
  customGeofences: "Custom geofences",
  jobsiteGeofences: "Jobsite geofences",
  vehicleLabels: "Vehicle labels",
  railmap: "Rail map",
};

/** A choice of one: native radio buttons, so the choice shows and posts without JavaScript too. */
function Choice<T extends string>({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <Radio.Group label={label} name={name} value={value} onChange={(v) => onChange(v as T)}>
      <Group gap="md" mt={4}>
        {options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * Every user-adjustable setting (SPEC §2.11), in the settings drawer and on the account page.
 * With JavaScript a change applies at once and is kept in the browser; without it the panel is a
 * plain form that posts to /display-settings (services/display-settings.server.ts), which sets the
 * settings cookie and sends the user back to the page they were on.
 */
export function SettingsPanel() {
  const { settings, update, updateMap, reset } = useSettings();
  const { pathname, search } = useLocation();
  return (
    <form
      method="post"
      action="/display-settings"
      id="display-settings"
      data-testid="settings-panel"
      // With JavaScript every change has applied already: nothing to send.
      onSubmit={(e) => e.preventDefault()}
    >
      <input type="hidden" name="form" value={DISPLAY_SETTINGS_FORM} />
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <Stack gap="md">
        <Title order={3} size="h5">
          Appearance
        </Title>
        <Choice
          label="Theme"
          name="theme"
          value={settings.theme}
          onChange={(theme: Settings["theme"]) => update({ theme })}
          options={[
            { value: "LIGHT", label: "Light" },
            { value: "DARK", label: "Dark" },
            { value: "NATURE", label: "Nature" },
          ]}
        />
        <Choice
          label="Text direction"
          name="direction"
          value={settings.direction}
          onChange={(direction: Settings["direction"]) => update({ direction })}
          options={[
            { value: "ltr", label: "Left to right" },
            { value: "rtl", label: "Right to left" },
          ]}
        />
        {SETTING_FLAGS.map((key) => (
          <Switch
            key={key}
            name={key}
            label={FLAG_TEXT[key].label}
            description={FLAG_TEXT[key].hint}
            checked={settings[key]}
            onChange={(e) => update({ [key]: e.currentTarget.checked })}
          />
        ))}
        <Choice
          label="Measurement"
          name="measurement"
          value={settings.measurement}
          onChange={(measurement: Settings["measurement"]) => update({ measurement })}
          options={[
            { value: "metric", label: `Metric (${distanceLabel("metric")})` },
            { value: "imperial", label: `Imperial (${distanceLabel("imperial")})` },
          ]}
        />
        <Divider />
        <Title order={3} size="h5">
          Map preferences
        </Title>
        <Choice
          label="Map overlay"
          name="map.overlay"
          value={settings.map.overlay}
          onChange={(overlay: MapPreferences["overlay"]) => updateMap({ overlay })}
          options={[
            { value: "normal", label: "Normal" },
            { value: "satellite", label: "Satellite" },
          ]}
        />
        {MAP_FLAGS.map((key) => (
          <Switch
            key={key}
            name={`map.${key}`}
            label={MAP_FLAG_LABELS[key]}
            checked={settings.map[key]}
            onChange={(e) => updateMap({ [key]: e.currentTarget.checked })}
          />
        ))}
        <Divider />
        <Group gap="sm">
          {/* Without JavaScript the changes are sent with this button. */}
          <noscript>
            <Button type="submit">Save display settings</Button>
          </noscript>
          <Button
            type="submit"
            name="intent"
            value="reset"
            variant="default"
            onClick={(e) => {
              e.preventDefault();
              reset();
              notifications.show({
                title: "Settings",
                message: "Settings reset to their defaults",
              });
            }}
          >
            Reset to defaults
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
