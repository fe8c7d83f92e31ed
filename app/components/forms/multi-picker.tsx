import { Input, MultiSelect, Stack } from "@mantine/core";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

export type PickerOption = { value: string; label: string };

export type MultiPickerProps = {
  id: string;
  /** Posted once per chosen value (`getAll(name)` on the server), with or without JavaScript. */
  name: string;
  label: string;
  description?: string;
  data: PickerOption[];
  defaultValue: string[];
  error?: string;
  /** Shown while nothing is chosen, e.g. "Every vehicle". */
  placeholder?: string;
  testId?: string;
};

const nativeStyle = {
  width: "100%",
  minHeight: 120,
  padding: 6,
  fontSize: "var(--mantine-font-size-sm)",
  borderRadius: 8,
  border: "1px solid var(--mantine-color-default-border)",
  background: "var(--mantine-color-body)",
  color: "var(--mantine-color-text)",
};

/**
 * Choosing several of a long list (vehicles, groups): a searchable multi-select once the page is
 * interactive, a native multiple select before (and without JavaScript). Both post the same
 * fields, one per chosen value, so the server reads them the same way.
 */
export function MultiPicker(props: MultiPickerProps) {
  const { id, name, label, description, data, error, placeholder, testId } = props;
  const hydrated = useHydrated();
  const [value, setValue] = useState(props.defaultValue);
  if (!hydrated)
    return (
      <Input.Wrapper
        id={id}
        label={label}
        description={`${description ? `${description} ` : ""}Ctrl/⌘-click to choose several.`}
        error={error}
        data-testid={testId}
      >
        <select
          id={id}
          name={name}
          multiple
          size={Math.min(6, Math.max(3, data.length))}
          defaultValue={value}
          aria-invalid={Boolean(error)}
          style={nativeStyle}
        >
          {data.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Input.Wrapper>
    );
  return (
    <Stack gap={0} data-testid={testId}>
      <MultiSelect
        id={id}
        label={label}
        description={description}
        data={data}
        value={value}
        onChange={setValue}
        error={error}
        placeholder={value.length ? undefined : placeholder}
        searchable
        clearable
        nothingFoundMessage="Nothing matches"
        maxDropdownHeight={260}
        comboboxProps={{ withinPortal: true }}
      />
      {value.map((v) => (
        <input key={v} type="hidden" name={name} value={v} />
      ))}
    </Stack>
  );
}
