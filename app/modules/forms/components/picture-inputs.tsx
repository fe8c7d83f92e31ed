import { Button, Group, Input, Text, TextInput } from "@mantine/core";
import { useRef, useState } from "react";
import { useSignaturePad } from "~/components/forms/use-signature-pad";
import { shrinkChosenPhoto } from "~/lib/shrink-photo";
import type { InputProps, Values } from "./field-input";

const first = (values: Values, name: string) => values.get(name)?.[0] ?? "";

/** The upload limit is 700 KB. */
const onPhotoChosen = shrinkChosenPhoto({ over: 600 * 1024, side: 1600, quality: 0.8 });

export function PhotoInput({ field, name, values, error }: InputProps) {
  const id = `in-${name}`;
  const kept = first(values, name);
  return (
    <Input.Wrapper
      label={field.label}
      withAsterisk={field.required}
      error={error}
      description={
        kept
          ? "A photo is attached; choose another to replace it."
          : "Take a photo or choose one (JPEG, PNG or WebP, at most 700 KB)."
      }
      id={id}
    >
      <input type="hidden" name={name} value={kept} />
      <input
        id={id}
        type="file"
        name={`${name}.file`}
        accept="image/*"
        capture="environment"
        aria-required={field.required || undefined}
        data-question={field.id}
        style={{ display: "block", marginTop: 4, maxWidth: "100%" }}
        onChange={onPhotoChosen}
      />
      {kept ? (
        <img
          src={`/forms/upload/${kept}`}
          alt={`Attached photo for ${field.label}`}
          style={{ maxWidth: 160, marginTop: 6, display: "block" }}
        />
      ) : null}
    </Input.Wrapper>
  );
}

export function SignatureInput({ field, name, values, error, onChange }: InputProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const data = useRef<HTMLInputElement>(null);
  const kept = first(values, name);
  const { ready, clear } = useSignaturePad(canvas, data, onChange);
  return (
    <Input.Wrapper
      label={field.label}
      withAsterisk={field.required}
      error={error}
      description={ready ? "Sign with your finger or the mouse." : undefined}
    >
      <input type="hidden" name={name} value={kept} />
      <input type="hidden" name={`${name}.data`} ref={data} defaultValue="" />
      {kept ? (
        <img
          src={`/forms/upload/${kept}`}
          alt={`Signature for ${field.label}`}
          style={{ maxWidth: 240, display: "block" }}
        />
      ) : null}
      <canvas
        ref={canvas}
        aria-label={`Signature pad for ${field.label}`}
        role="img"
        data-question={field.id}
        style={{
          width: "100%",
          maxWidth: 420,
          height: 150,
          border: "1px solid var(--mantine-color-gray-5)",
          borderRadius: 4,
          touchAction: "none",
          display: ready ? "block" : "none",
          background: "#fff",
        }}
      />
      {ready ? (
        <Button variant="subtle" size="compact-sm" mt={4} onClick={clear}>
          Clear signature
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          Drawing a signature needs JavaScript in the browser: type your full name instead.
        </Text>
      )}
      {/* Who cannot draw (no JavaScript, a keyboard or a screen reader) signs by typing a name. */}
      <TextInput
        mt={6}
        label={ready ? "Or type your full name to sign" : "Type your full name to sign"}
        name={`${name}.typed`}
        defaultValue={first(values, `${name}.typed`)}
        autoComplete="name"
        maxLength={200}
        maw={420}
      />
    </Input.Wrapper>
  );
}

export function LocationInput({ field, name, values, error, onChange }: InputProps) {
  const lat = useRef<HTMLInputElement>(null);
  const lng = useRef<HTMLInputElement>(null);
  const [msg, setMsg] = useState<string | null>(null);
  return (
    <Input.Wrapper label={field.label} withAsterisk={field.required} error={error}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          ref={lat}
          label="Latitude"
          name={`${name}.lat`}
          defaultValue={first(values, `${name}.lat`)}
          inputMode="decimal"
          w={140}
        />
        <TextInput
          ref={lng}
          label="Longitude"
          name={`${name}.lng`}
          defaultValue={first(values, `${name}.lng`)}
          inputMode="decimal"
          w={140}
        />
        <Button
          variant="light"
          onClick={() => {
            if (!navigator.geolocation) return setMsg("This device cannot tell its location.");
            setMsg("Finding your location…");
            navigator.geolocation.getCurrentPosition(
              (p) => {
                if (lat.current) lat.current.value = p.coords.latitude.toFixed(6);
                if (lng.current) lng.current.value = p.coords.longitude.toFixed(6);
                setMsg("Location filled in.");
                onChange?.();
              },
              () => setMsg("The location is not available; type it in instead."),
            );
          }}
        >
          Use my location
        </Button>
      </Group>
      {msg ? (
        <Text size="sm" role="status">
          {msg}
        </Text>
      ) : null}
    </Input.Wrapper>
  );
}
