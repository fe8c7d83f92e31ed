import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Field } from "~/components/forms/field";
import { typedValue } from "~/lib/action-result";
import {
  ADV_INTERVAL_MAX_MS,
  ADV_INTERVAL_MIN_MS,
  ASSET_NAME_MAX,
  BEACON_NICKNAME_MAX,
  TX_POWERS,
  type BeaconStatus,
} from "../beacon-list";
import { BeaconStatusBadge } from "./beacon-status";

export type ConfigBeacon = {
  uuid: string;
  nickname: string;
  assetName: string | null;
  txPower: number;
  advIntervalMs: number;
  model: string;
  status: BeaconStatus;
};
/** The action's answer (beaconConfigAction): a refusal carries Conform's reply. */
export type ConfigResult = {
  uuid: string;
  ok: boolean;
  message?: string;
  result?: SubmissionResult<string[]>;
};

/**
 * One beacon's settings: a plain POST form (works without JavaScript). After a refused save the
 * form shows what the user typed, with a message next to each wrong field.
 */
export function BeaconConfigForm({
  beacon,
  result,
  focused,
}: {
  beacon: ConfigBeacon;
  result: ConfigResult | undefined;
  focused: boolean;
}) {
  const mine = result?.uuid === beacon.uuid ? result : undefined;
  // Checked by the server (and the browser's own required/min/max, as before); one form per
  // beacon, so each has its own id.
  const [form, f] = useForm({ id: `beacon-config-${beacon.uuid}`, lastResult: mine?.result });
  const typed = mine?.result?.initialValue;
  const value = (k: string, saved: string) => typedValue(mine?.result, k, saved);
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("uuid") === beacon.uuid;
  const txOptions = TX_POWERS.map((p) => ({ value: String(p), label: `${p} dBm` }));
  const tx = value("txPower", String(beacon.txPower));
  // An out-of-list value typed by hand (no JavaScript) still shows, so the message makes sense.
  if (!txOptions.some((o) => o.value === tx))
    txOptions.unshift({ value: tx, label: `${tx} (not allowed)` });
  return (
    <Paper
      withBorder
      p="md"
      id={`beacon-${beacon.uuid}`}
      data-testid="beacon-config"
      data-uuid={beacon.uuid}
      style={focused ? { borderColor: "var(--mantine-color-blue-6)", borderWidth: 2 } : undefined}
    >
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate={false}
        key={`${beacon.nickname}|${beacon.assetName}|${beacon.txPower}|${beacon.advIntervalMs}|${JSON.stringify(typed ?? {})}`}
      >
        <input type="hidden" name="uuid" value={beacon.uuid} />
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2} size="h4">
              <Anchor component={Link} to={`/dashboard/beacon/${beacon.uuid}`}>
                {beacon.nickname}
              </Anchor>
            </Title>
            <BeaconStatusBadge status={beacon.status} />
          </Group>
          <Text size="xs" c="dimmed" ff="monospace">
            {beacon.uuid} · {beacon.model}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field errors={f.nickname}>
              <TextInput
                name="nickname"
                label="Name"
                required
                maxLength={BEACON_NICKNAME_MAX}
                defaultValue={value("nickname", beacon.nickname)}
              />
            </Field>
            <Field errors={f.assetName}>
              <TextInput
                name="assetName"
                label="Attached to (asset)"
                placeholder="e.g. Pallet jack 3"
                maxLength={ASSET_NAME_MAX}
                defaultValue={value("assetName", beacon.assetName ?? "")}
              />
            </Field>
            <Field errors={f.txPower}>
              <NativeSelect
                name="txPower"
                label="Transmit power"
                data={txOptions}
                defaultValue={tx}
                description="Higher reaches further and drains the battery faster."
              />
            </Field>
            <Field errors={f.advIntervalMs}>
              <TextInput
                name="advIntervalMs"
                label="Advertising interval (ms)"
                type="number"
                min={ADV_INTERVAL_MIN_MS}
                max={ADV_INTERVAL_MAX_MS}
                step={1}
                defaultValue={value("advIntervalMs", String(beacon.advIntervalMs))}
                description={`${ADV_INTERVAL_MIN_MS}–${ADV_INTERVAL_MAX_MS} ms; longer saves battery.`}
              />
            </Field>
          </SimpleGrid>
          {mine?.message ? (
            <Alert
              color={mine.ok ? "green" : "red"}
              variant="light"
              role="status"
              data-testid="config-feedback"
            >
              {mine.message}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={busy}>
              Save {beacon.nickname}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
