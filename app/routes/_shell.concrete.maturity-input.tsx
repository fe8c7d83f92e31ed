import {
  Alert,
  Button,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/action-result";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RequiresPermission } from "~/components/requires-permission";
import { CAN } from "~/lib/access";
import {
  MaturityCalculator,
  calculateLog,
} from "~/modules/concrete/components/maturity-calculator";
import { fieldsOf, parseLogCalc, type Fields } from "~/modules/concrete/mix-form";
import { maturityInputPage, saveMaturityInput } from "~/modules/concrete/mix.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { MATURITY_UNIT } from "~/lib/units";

export const meta: MetaFunction = () => [{ title: "Maturity input · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({ ...(await maturityInputPage(ctx)), can: ctx.can });
}

type ActionData = {
  form?: "result" | "calc";
  values: Fields;
  errors: Fields;
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    create: async (form) => {
      const values = fieldsOf(form);
      const r = await saveMaturityInput(ctx, values);
      if (!r.ok)
        return json<ActionData>(
          { form: "result", values, errors: r.errors },
          { status: "notFound" in r && r.notFound ? 404 : 400 },
        );
      return redirectWithToast("/concrete/maturity-inputs", {
        type: "success",
        description: `${r.row.specimen === "core" ? "Core" : "Cylinder"} result of ${r.row.strength_mpa} MPa recorded.`,
      });
    },
    // The log stays as typed; a line out of order is named (400), the rest is the result.
    calculate: (form) => {
      const values = fieldsOf(form);
      const p = parseLogCalc(values);
      const r = calculateLog(values);
      const errors: Fields = p.ok ? {} : p.errors;
      if (!r && p.ok) errors.log = "Paste or type the temperature log";
      // The calculator shows the log's own message (the line out of order) under the log.
      const bad = Object.keys(errors).length > 0 || (r !== null && !r.ok);
      return json<ActionData>({ form: "calc", values, errors }, { status: bad ? 400 : 200 });
    },
  });
}

/** A strength result (SPEC §2.4 maturity-input), and the maturity calculator of a temperature log. */
export default function MaturityInput() {
  const { mixes, can } = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const mine = act?.form === "result" ? act : undefined;
  const v = mine?.values ?? { specimen: "cylinder" };
  const e = mine?.errors ?? {};
  const text = (name: string, label: string, type = "text", extra: object = {}) => (
    <TextInput
      name={name}
      label={label}
      type={type}
      defaultValue={v[name] ?? ""}
      error={e[name]}
      {...extra}
    />
  );
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Maturity input
        </Title>
        <Text c="dimmed" size="sm">
          Record a cylinder or core break against a mix design or a pour, or work out the maturity
          of a temperature log.
        </Text>
      </div>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <RequiresPermission
            allowed={can.create}
            rule={CAN.manageConcrete}
            what="Recording a strength result"
          >
            <Paper withBorder p="md">
              <Form method="post" data-testid="maturity-input-form">
                <input type="hidden" name="intent" value="create" />
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    Strength result
                  </Title>
                  {e.form ? (
                    <Alert color="red" role="alert">
                      {e.form}
                    </Alert>
                  ) : null}
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <NativeSelect
                      name="specimen"
                      label="Specimen"
                      defaultValue={v.specimen ?? "cylinder"}
                      error={e.specimen}
                      data={[
                        { value: "cylinder", label: "Cylinder" },
                        { value: "core", label: "Core" },
                      ]}
                    />
                    {text("label", "Label", "text", { description: "e.g. Set A, 7 d" })}
                    <NativeSelect
                      name="mix_design_id"
                      label="Mix design"
                      defaultValue={v.mix_design_id ?? ""}
                      error={e.mix_design_id}
                      data={[
                        { value: "", label: "None (a pour's result)" },
                        ...mixes.map((m) => ({ value: String(m.id), label: m.name })),
                      ]}
                    />
                    {text("pour_id", "Pour number", "text", {
                      inputMode: "numeric",
                      description: "Optional when a mix design is chosen",
                    })}
                    {text("tested_at", "Tested at", "datetime-local", { required: true })}
                    {text("age_h", "Age at the break (h)", "text", {
                      inputMode: "decimal",
                      required: true,
                    })}
                    {text("strength_mpa", "Strength (MPa)", "text", {
                      inputMode: "decimal",
                      required: true,
                    })}
                    {text("maturity_index", "Maturity index at the break", "text", {
                      inputMode: "decimal",
                      description: `${MATURITY_UNIT} or h, in the mix's calibration index; optional`,
                    })}
                  </SimpleGrid>
                  {text("notes", "Notes")}
                  <Group>
                    <Button type="submit" loading={busy}>
                      Record result
                    </Button>
                    <Button component={Link} to="/concrete/maturity-inputs" variant="subtle">
                      Back to maturity inputs
                    </Button>
                  </Group>
                </Stack>
              </Form>
            </Paper>
          </RequiresPermission>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <MaturityCalculator
            key={act?.form === "calc" ? JSON.stringify(act.values) : "calc"}
            values={act?.form === "calc" ? act.values : {}}
            errors={act?.form === "calc" ? act.errors : {}}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
