import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { HireSchema } from "../hire-form";
import { Field } from "~/components/forms/field";

type Editing = {
  id: number;
  direction: "in" | "out";
  imei: string;
  supplier_id: number | null;
  customer: string;
  on_hire: string;
  off_hire: string;
  rate: number;
  rate_unit: "hour" | "day" | "week";
  minimum_charge: number;
  notes: string;
  jobsite_id: number | null;
};

/** Create or edit a hire contract: posts without JavaScript; Conform checks it in the browser too. */
export function HireFormCard({
  editing,
  suppliers,
  assets,
  sites,
  result,
}: {
  editing: Editing | null;
  suppliers: Array<{ id: number; name: string }>;
  sites: Array<{ id: number; name: string }>;
  assets: Array<{ imei: string; name: string }>;
  result?: { result?: SubmissionResult<string[]>; message?: string | null };
}) {
  const busy = useNavigation().state === "submitting";
  const e = editing;
  const [form, f] = useForm({
    id: `hire-${e?.id ?? "new"}`,
    lastResult: result?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HireSchema }),
    shouldValidate: "onSubmit",
  });
  const v = (field: { initialValue?: unknown }, fallback: string | number | null | undefined) =>
    typeof field.initialValue === "string" ? field.initialValue : String(fallback ?? "");
  return (
    <Paper withBorder p="md">
      <Form method="post" {...getFormProps(form)} key={e?.id ?? "new"} data-testid="hire-form">
        <input type="hidden" name="intent" value={e ? "update" : "create"} />
        {e ? <input type="hidden" name="id" value={e.id} /> : null}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {e ? "Edit hire contract" : "New hire contract"}
          </Title>
          {result?.message ? (
            <Alert color="red" role="alert">
              {result.message}
            </Alert>
          ) : null}
          <NativeSelect
            name="direction"
            label="Direction"
            defaultValue={v(f.direction, e?.direction ?? "in")}
            data={[
              { value: "in", label: "Hired in (from a supplier)" },
              { value: "out", label: "Hired out (to a customer)" },
            ]}
          />
          <Field errors={f.imei}>
            <NativeSelect
              name="imei"
              label="Asset"
              defaultValue={v(f.imei, e?.imei)}
              data={[
                { value: "", label: "Choose…" },
                ...assets.map((a) => ({ value: a.imei, label: a.name })),
              ]}
            />
          </Field>
          <Field errors={f.supplier_id}>
            <NativeSelect
              name="supplier_id"
              label="Supplier (hired in)"
              defaultValue={v(f.supplier_id, e?.supplier_id)}
              data={[
                { value: "", label: "None" },
                ...suppliers.map((s) => ({ value: String(s.id), label: s.name })),
              ]}
            />
          </Field>
          <Field errors={f.customer}>
            <TextInput
              name="customer"
              label="Customer (hired out)"
              defaultValue={v(f.customer, e?.customer)}
            />
          </Field>
          <Field errors={f.jobsite_id}>
            <NativeSelect
              name="jobsite_id"
              label="Site (its fence shows arrival and departure)"
              defaultValue={v(f.jobsite_id, e?.jobsite_id)}
              data={[
                { value: "", label: "None" },
                ...sites.map((s) => ({ value: String(s.id), label: s.name })),
              ]}
            />
          </Field>
          <Group grow>
            <Field errors={f.on_hire}>
              <TextInput
                name="on_hire"
                type="date"
                label="On-hire"
                defaultValue={v(f.on_hire, e?.on_hire)}
              />
            </Field>
            <Field errors={f.off_hire}>
              <TextInput
                name="off_hire"
                type="date"
                label="Off-hire"
                defaultValue={v(f.off_hire, e?.off_hire)}
              />
            </Field>
          </Group>
          <Group grow>
            <Field errors={f.rate}>
              <TextInput
                name="rate"
                inputMode="decimal"
                label="Rate"
                defaultValue={v(f.rate, e?.rate)}
              />
            </Field>
            <NativeSelect
              name="rate_unit"
              label="Per"
              defaultValue={v(f.rate_unit, e?.rate_unit ?? "day")}
              data={[
                { value: "hour", label: "Hour" },
                { value: "day", label: "Day" },
                { value: "week", label: "Week" },
              ]}
            />
          </Group>
          <Field errors={f.minimum_charge}>
            <TextInput
              name="minimum_charge"
              inputMode="decimal"
              label="Minimum charge"
              defaultValue={v(f.minimum_charge, e?.minimum_charge ?? 0)}
            />
          </Field>
          <TextInput name="notes" label="Notes" defaultValue={v(f.notes, e?.notes)} />
          <Button type="submit" loading={busy}>
            {e ? "Save contract" : "Create contract"}
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
