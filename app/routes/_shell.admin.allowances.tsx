import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SetupTable } from "~/modules/timesheets/components/setup-table";
import {
  allowanceInput,
  allowancesPage,
  removeAllowance,
  saveAllowance,
} from "~/modules/timesheets/payroll-setup.server";
import { setupActions } from "~/modules/timesheets/setup-actions.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { getFormProps, useForm } from "@conform-to/react";
import { typedValue, useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Allowances · Tracksmith" }];
const PAGE = "/admin/allowances";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json(await allowancesPage(ctx, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return switchIntent(
    await request.formData(),
    setupActions(PAGE, {
      input: allowanceInput,
      save: (id, input) => saveAllowance(ctx, id, input),
      remove: (id) => removeAllowance(ctx, id),
    }),
  );
}

const UNITS = [
  { value: "shift", label: "per shift" },
  { value: "day", label: "per day" },
  { value: "hour", label: "per hour" },
  // eslint-disable-next-line no-restricted-syntax -- a pay rate per kilometre as the award words it
  { value: "km", label: "per km" },
];

/** Allowances (SPEC §2.8 allowances): amounts paid with payroll per day, shift, km or hour. */
export default function Allowances() {
  const d = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const e = d.editing;
  // Checked by the server (and the browser's required, as before): its refusal is Conform's reply.
  const [form] = useForm({ id: `allowance-${e?.id ?? "new"}`, lastResult: act?.result });
  const typed = act?.result?.initialValue;
  const v = (k: string, fallback: string) => typedValue(act?.result, k, fallback);
  const refusal = form.errors?.[0] ?? act?.message;
  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={1} size="h2">
          Allowances
        </Title>
        <Text c="dimmed" size="sm">
          Paid on top of hours to the members of the payroll groups that include them.
        </Text>
      </div>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <SetupTable
            rows={d.allowances}
            caption="Allowances of the company"
            testId="allowances"
            minWidth={560}
            headers={["Amount", "Taxable"]}
            cells={(a) => [
              `${a.amount} per ${a.unit === "hour" ? "hour" : a.unit}`,
              a.taxable ? "Yes" : "No",
            ]}
            empty="No allowances yet."
            confirmFor={act?.confirmFor}
            busy={busy}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="md">
            <Form
              method="post"
              {...getFormProps(form)}
              noValidate={false}
              key={e?.id ?? "new"}
              data-testid="allowance-form"
            >
              <input type="hidden" name="intent" value={e ? "update" : "create"} />
              {e ? <input type="hidden" name="id" value={e.id} /> : null}
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {e ? `Edit ${e.name}` : "New allowance"}
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
                <TextInput
                  name="amount"
                  label="Amount"
                  required
                  inputMode="decimal"
                  defaultValue={v("amount", e?.amount ?? "")}
                />
                <NativeSelect
                  name="unit"
                  label="Unit"
                  data={UNITS}
                  defaultValue={v("unit", e?.unit ?? "shift")}
                />
                <Checkbox
                  name="taxable"
                  label="Taxable"
                  defaultChecked={typed ? typed.taxable === "on" : (e?.taxable ?? true)}
                />
                <Group>
                  <Button type="submit" loading={busy}>
                    {e ? "Save allowance" : "Create allowance"}
                  </Button>
                  {e ? (
                    <Button component={Link} to={PAGE} variant="subtle">
                      Cancel
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            </Form>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
