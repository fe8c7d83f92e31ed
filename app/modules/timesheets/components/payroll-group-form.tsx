import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { typedValue } from "~/lib/action-result";

type Member = { username_id: number; rate: string; payroll_code: string };
type Tier = { after_hours: number; multiplier: number };
export type GroupEditing = {
  id: number;
  name: string;
  pay_period: string;
  period_anchor: string;
  overtime_preset: string;
  overtime_rules: {
    daily: Tier[];
    weekly: Tier | null;
    public_holiday_multiplier: number | null;
    week_starts_on: number;
  } | null;
  country: string;
  region: string | null;
  members: Member[];
  allowance_ids: number[];
} | null;

/** Create or edit a payroll group: period, overtime rules, members with rates, allowances. */
export function PayrollGroupForm({
  editing: e,
  people,
  allowances,
  presets,
  result,
  message,
}: {
  editing: GroupEditing;
  people: { username_id: number; name: string }[];
  allowances: { id: number; name: string }[];
  presets: { value: string; label: string }[];
  /** The action's Conform reply to a refused save (its message is the form's error). */
  result?: SubmissionResult<string[]>;
  /** A refusal that is not this form's (a delete, the wrapper's NotSaved). */
  message?: string;
}) {
  const busy = useNavigation().state !== "idle";
  // Checked by the server (and the browser's own checks, as before).
  const [form] = useForm({ id: `payrollgroup-${e?.id ?? "new"}`, lastResult: result });
  const values = result?.initialValue;
  const list = (k: string) => {
    const x = values?.[k];
    return (Array.isArray(x) ? x : x === undefined || x === null ? [] : [x]).map(String);
  };
  const v = (k: string, fallback: string) => typedValue(result, k, fallback);
  const has = (k: string, id: number, fallback: boolean) =>
    values ? list(k).includes(String(id)) : fallback;
  const refusal = form.errors?.[0] ?? message;
  const r = e?.overtime_rules;
  const member = (id: number) => e?.members.find((m) => m.username_id === id);
  const num = (x: number | null | undefined) => (x === null || x === undefined ? "" : String(x));
  return (
    <Paper withBorder p="md">
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate={false}
        key={e?.id ?? "new"}
        data-testid="payrollgroup-form"
      >
        <input type="hidden" name="intent" value={e ? "update" : "create"} />
        {e ? <input type="hidden" name="id" value={e.id} /> : null}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {e ? `Edit ${e.name}` : "New payroll group"}
          </Title>
          {refusal ? (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          ) : null}
          <TextInput
            name="name"
            label="Name"
            required
            maxLength={60}
            defaultValue={v("name", e?.name ?? "")}
          />
          <Group grow>
            <NativeSelect
              name="pay_period"
              label="Pay period"
              defaultValue={v("pay_period", e?.pay_period ?? "weekly")}
              data={[
                { value: "weekly", label: "Weekly" },
                { value: "fortnightly", label: "Fortnightly" },
                { value: "monthly", label: "Monthly" },
              ]}
            />
            <TextInput
              type="date"
              name="period_anchor"
              label="A period starts on"
              required
              defaultValue={v("period_anchor", e?.period_anchor ?? "")}
            />
          </Group>
          <NativeSelect
            name="overtime_preset"
            label="Overtime rules"
            defaultValue={v("overtime_preset", e?.overtime_preset ?? "us_federal")}
            data={presets}
          />
          <Text size="sm" c="dimmed">
            Custom rules (used when Overtime rules is Custom rules): daily tiers, a weekly threshold
            and a public-holiday multiplier.
          </Text>
          <Group grow>
            <TextInput
              name="daily1_after"
              label="Daily tier 1 after (h)"
              defaultValue={v("daily1_after", num(r?.daily[0]?.after_hours))}
            />
            <TextInput
              name="daily1_mult"
              label="Tier 1 multiplier"
              defaultValue={v("daily1_mult", num(r?.daily[0]?.multiplier))}
            />
          </Group>
          <Group grow>
            <TextInput
              name="daily2_after"
              label="Daily tier 2 after (h)"
              defaultValue={v("daily2_after", num(r?.daily[1]?.after_hours))}
            />
            <TextInput
              name="daily2_mult"
              label="Tier 2 multiplier"
              defaultValue={v("daily2_mult", num(r?.daily[1]?.multiplier))}
            />
          </Group>
          <Group grow>
            <TextInput
              name="weekly_after"
              label="Weekly after (h)"
              defaultValue={v("weekly_after", num(r?.weekly?.after_hours))}
            />
            <TextInput
              name="weekly_mult"
              label="Weekly multiplier"
              defaultValue={v("weekly_mult", num(r?.weekly?.multiplier))}
            />
          </Group>
          <Group grow>
            <TextInput
              name="holiday_mult"
              label="Public holiday multiplier"
              defaultValue={v("holiday_mult", num(r?.public_holiday_multiplier))}
            />
            <NativeSelect
              name="week_starts_on"
              label="Weeks start on"
              defaultValue={v("week_starts_on", String(r?.week_starts_on ?? 1))}
              data={[
                "Sunday",
                "Monday",
                "Tuesday",
                "Wednesday",
                "Thursday",
                "Friday",
                "Saturday",
              ].map((d, i) => ({ value: String(i), label: d }))}
            />
          </Group>
          <Group grow>
            <TextInput
              name="country"
              label="Holidays of country"
              maxLength={2}
              defaultValue={v("country", e?.country ?? "AU")}
            />
            <TextInput
              name="region"
              label="Region"
              maxLength={10}
              defaultValue={v("region", e?.region ?? "QLD")}
            />
          </Group>
          <Title order={3} size="h5">
            Members
          </Title>
          {people.map((p) => (
            <Group key={p.username_id} gap="xs" align="flex-end" wrap="wrap">
              <Checkbox
                name="member"
                value={String(p.username_id)}
                label={p.name}
                defaultChecked={has("member", p.username_id, !!member(p.username_id))}
                w={170}
              />
              <TextInput
                name={`rate_${p.username_id}`}
                aria-label={`Hourly rate of ${p.name}`}
                placeholder="Rate"
                w={90}
                defaultValue={v(`rate_${p.username_id}`, member(p.username_id)?.rate ?? "")}
              />
              <TextInput
                name={`code_${p.username_id}`}
                aria-label={`Payroll code of ${p.name}`}
                placeholder="Payroll code"
                w={120}
                defaultValue={v(`code_${p.username_id}`, member(p.username_id)?.payroll_code ?? "")}
              />
            </Group>
          ))}
          <Title order={3} size="h5">
            Allowances
          </Title>
          {allowances.map((a) => (
            <Checkbox
              key={a.id}
              name="allowance"
              value={String(a.id)}
              label={a.name}
              defaultChecked={has("allowance", a.id, !!e?.allowance_ids.includes(a.id))}
            />
          ))}
          <Group>
            <Button type="submit" loading={busy}>
              {e ? "Save payroll group" : "Create payroll group"}
            </Button>
            {e ? (
              <Button component={Link} to="/admin/payrollgroups" variant="subtle">
                Cancel
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
