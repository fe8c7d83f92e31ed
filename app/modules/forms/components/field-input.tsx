import {
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { TEXTAREA_MAX, TEXT_MAX, type Field } from "../fields/model";

export type Values = Map<string, string[]>;
export type VehicleOption = { imei: string; name: string };

const first = (values: Values, name: string) => values.get(name)?.[0] ?? "";

import { LocationInput, PhotoInput, SignatureInput } from "./picture-inputs";

export type InputProps = {
  field: Field;
  name: string;
  values: Values;
  error?: string;
  vehicles: VehicleOption[];
  onChange?: () => void;
};

/**
 * One question as a plain input that posts without JavaScript (see fields/answers.ts for the
 * names). Required questions are marked but carry no browser `required`: the server's message
 * appears next to the question.
 */
export function FieldInput(props: InputProps) {
  const { field, name, values, error, vehicles } = props;
  const common = {
    label: field.label,
    withAsterisk: field.required,
    "aria-required": field.required || undefined,
    error,
    description: field.help,
    "data-question": field.id,
  };
  const value = first(values, name);
  switch (field.type) {
    case "heading":
      return (
        <Title order={2} size="h4" mt="sm">
          {field.label}
        </Title>
      );
    case "text":
      return <TextInput {...common} name={name} defaultValue={value} maxLength={TEXT_MAX} />;
    case "textarea":
      return (
        <Textarea
          {...common}
          name={name}
          defaultValue={value}
          autosize
          minRows={3}
          maxLength={TEXTAREA_MAX}
        />
      );
    case "number":
      return (
        <TextInput
          {...common}
          name={name}
          defaultValue={value}
          type="number"
          step="any"
          inputMode="decimal"
          min={field.min}
          max={field.max}
          description={
            field.help ??
            (field.min !== undefined || field.max !== undefined
              ? `From ${field.min ?? "any"} to ${field.max ?? "any"}.`
              : undefined)
          }
        />
      );
    case "date":
      return <TextInput {...common} name={name} defaultValue={value} type="date" />;
    case "time":
      return <TextInput {...common} name={name} defaultValue={value} type="time" />;
    case "select":
      return (
        <NativeSelect
          {...common}
          name={name}
          defaultValue={value}
          data={[
            { value: "", label: "Choose one…" },
            ...(field.options ?? []).map((o) => ({ value: o, label: o })),
          ]}
        />
      );
    case "vehicle":
      return (
        <NativeSelect
          {...common}
          name={name}
          defaultValue={value}
          data={[
            { value: "", label: "Choose a vehicle…" },
            ...vehicles.map((v) => ({ value: v.imei, label: v.name })),
          ]}
        />
      );
    case "multiselect": {
      const chosen = values.get(name) ?? [];
      return (
        <Checkbox.Group
          label={field.label}
          withAsterisk={field.required}
          error={error}
          description={field.help}
          defaultValue={chosen}
        >
          <Stack gap={6} mt={4}>
            {(field.options ?? []).map((o) => (
              <Checkbox key={o} name={name} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case "checkbox":
      return (
        <Radio.Group
          label={field.label}
          withAsterisk={field.required}
          error={error}
          description={field.help}
          name={name}
          defaultValue={value}
        >
          <Group gap="lg" mt={4}>
            <Radio value="yes" label="Yes" />
            <Radio value="no" label="No" />
          </Group>
        </Radio.Group>
      );
    case "photo":
      return <PhotoInput {...props} />;
    case "signature":
      return <SignatureInput {...props} />;
    case "location":
      return <LocationInput {...props} />;
    case "group":
      return null;
  }
}
