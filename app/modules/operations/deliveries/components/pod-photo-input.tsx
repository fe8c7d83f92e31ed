/** A phone photo is made smaller before it is sent: the proof's limit is 550 KB. */
async function shrink(file: File): Promise<File> {
  if (!file.type.startsWith("image/") || file.size < 450 * 1024) return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 1280 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, "image/jpeg", 0.75));
  return blob ? new File([blob], "photo.jpg", { type: "image/jpeg" }) : file;
}

/** The delivery photo: the phone's camera (capture), shrunk in the browser when it can be. */
export function PodPhotoInput({ error }: { error?: string }) {
  const id = "pod-photo";
  return (
    <div>
      <label htmlFor={id} style={{ fontSize: 14, fontWeight: 500, display: "block" }}>
        Photo of the delivery
      </label>
      <input
        id={id}
        type="file"
        name="photo"
        accept="image/*"
        capture="environment"
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
        data-testid="pod-photo-input"
        onChange={async (e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          if (!file || typeof DataTransfer === "undefined") return;
          const small = await shrink(file).catch(() => file);
          if (small === file) return;
          const dt = new DataTransfer();
          dt.items.add(small);
          input.files = dt.files;
        }}
        style={{ display: "block", marginTop: 4, maxWidth: "100%" }}
      />
      <div id={`${id}-help`} style={{ fontSize: 12, color: "var(--mantine-color-dimmed)" }}>
        Taken with the camera; made smaller on the phone before it is sent.
      </div>
      {error ? (
        <div
          id={`${id}-error`}
          role="alert"
          style={{ fontSize: 12, color: "var(--mantine-color-error)" }}
        >
          {error}
        </div>
      ) : null}
    </div>
  );
}
