import { Text } from "@mantine/core";
import type { Choice } from "./automation-builder";

/** A native multiple select: works without JavaScript and with the keyboard. */
export function Many({
  name,
  label,
  choices,
  value,
  error,
}: {
  name: string;
  label: string;
  choices: Choice[];
  value: string[];
  error?: string;
}) {
  const id = name.replace(/[[\].]/g, "-");
  return (
    <div>
      <label htmlFor={id} style={{ display: "block", fontSize: 14, fontWeight: 500 }}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        multiple
        size={Math.min(6, Math.max(3, choices.length))}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        style={{ width: "100%", maxWidth: 420 }}
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {error ? (
        <Text id={`${id}-error`} c="red.8" size="sm">
          {error}
        </Text>
      ) : null}
    </div>
  );
}
