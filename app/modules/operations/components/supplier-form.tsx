import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Stack,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { KIND_LABELS, SUPPLIER_KINDS, SupplierSchema } from "../supplier-form";
import { Field } from "~/components/forms/field";
import { typedValue } from "~/lib/action-result";

type Editing = {
  id: number;
  name: string;
  kind: (typeof SUPPLIER_KINDS)[number];
  contacts: Array<{ name: string; phone: string; email: string }>;
  tax_id: string;
  address: string;
  notes: string;
};

/** Create or edit a supplier: posts without JavaScript; Conform checks it in the browser too. */
export function SupplierFormCard({
  editing,
  result,
  newKind,
}: {
  editing: Editing | null;
  result?: { result?: SubmissionResult<string[]>; message?: string | null };
  /** The kind a new supplier starts as: the list's kind (concrete from Concrete → Create Supplier). */
  newKind?: (typeof SUPPLIER_KINDS)[number] | null;
}) {
  const busy = useNavigation().state === "submitting";
  const e = editing;
  const [form, f] = useForm({
    id: `supplier-${e?.id ?? "new"}`,
    lastResult: result?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SupplierSchema }),
    shouldValidate: "onSubmit",
  });
  const typed = (name: string, saved: string) => typedValue(result?.result, name, saved);
  // The saved contacts and one empty slot for another (empty slots are dropped on save).
  const contacts = [...(e?.contacts ?? []), { name: "", phone: "", email: "" }];
  return (
    <Paper withBorder p="md">
      <Form
        method="post"
        {...getFormProps(form)}
        key={e?.id ?? `new-${newKind ?? ""}`}
        data-testid="supplier-form"
      >
        <input type="hidden" name="intent" value={e ? "update" : "create"} />
        {e ? <input type="hidden" name="id" value={e.id} /> : null}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {e ? `Edit ${e.name}` : "New supplier"}
          </Title>
          {result?.message ? (
            <Alert color="red" role="alert">
              {result.message}
            </Alert>
          ) : null}
          <Field errors={f.name}>
            <TextInput
              {...getInputProps(f.name, { type: "text" })}
              key={f.name.key}
              defaultValue={typed("name", e?.name ?? "")}
              label="Name"
            />
          </Field>
          <Field errors={f.kind}>
            <NativeSelect
              name={f.kind.name}
              label="Kind"
              defaultValue={typed("kind", e?.kind ?? newKind ?? "plant_hire")}
              data={SUPPLIER_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            />
          </Field>
          <Field errors={f.tax_id}>
            <TextInput
              {...getInputProps(f.tax_id, { type: "text" })}
              key={f.tax_id.key}
              defaultValue={typed("tax_id", e?.tax_id ?? "")}
              label="ABN or tax id"
            />
          </Field>
          <Field errors={f.address}>
            <TextInput
              {...getInputProps(f.address, { type: "text" })}
              key={f.address.key}
              defaultValue={typed("address", e?.address ?? "")}
              label="Address"
            />
          </Field>
          {contacts.map((c, i) => (
            <Fieldset key={i} legend={`Contact ${i + 1}`}>
              <Stack gap="xs">
                <Field errors={form.allErrors[`contacts[${i}].name`]}>
                  <TextInput
                    name={`contacts[${i}].name`}
                    label="Contact name"
                    defaultValue={c.name}
                  />
                </Field>
                <Group grow>
                  <Field errors={form.allErrors[`contacts[${i}].phone`]}>
                    <TextInput
                      name={`contacts[${i}].phone`}
                      label="Phone"
                      type="tel"
                      defaultValue={c.phone}
                    />
                  </Field>
                  <Field errors={form.allErrors[`contacts[${i}].email`]}>
                    <TextInput
                      name={`contacts[${i}].email`}
                      label="Email"
                      type="email"
                      defaultValue={c.email}
                    />
                  </Field>
                </Group>
              </Stack>
            </Fieldset>
          ))}
          <Field errors={f.notes}>
            <Textarea
              name={f.notes.name}
              label="Notes"
              defaultValue={typed("notes", e?.notes ?? "")}
              autosize
              minRows={2}
            />
          </Field>
          <Group>
            <Button type="submit" loading={busy}>
              {e ? "Save supplier" : "Create supplier"}
            </Button>
            {e ? (
              <Button component={Link} to="/dashboard/suppliers" variant="subtle">
                Cancel
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
