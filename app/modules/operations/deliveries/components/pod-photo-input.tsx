import { shrinkChosenPhoto } from "~/lib/shrink-photo";

/** The proof's limit is 550 KB. */
const onPhotoChosen = shrinkChosenPhoto({ over: 450 * 1024, side: 1280, quality: 0.75 });

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
        onChange={onPhotoChosen}
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
