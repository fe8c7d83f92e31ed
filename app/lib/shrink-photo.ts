/**
 * Phone photos are made smaller in the browser before they are sent, so a camera's 4 MB picture
 * fits an upload limit measured in hundreds of kilobytes. Where the browser cannot (no
 * createImageBitmap or DataTransfer), the file goes as it is and the server's limit says why.
 */
export type ShrinkOptions = {
  /** Files smaller than this (bytes) are sent as they are. */
  over: number;
  /** The longest side after shrinking, in pixels. */
  side: number;
  /** JPEG quality, 0–1. */
  quality: number;
};

export async function shrinkPhoto(file: File, o: ShrinkOptions): Promise<File> {
  if (!file.type.startsWith("image/") || file.size < o.over) return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, o.side / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, "image/jpeg", o.quality));
  return blob ? new File([blob], "photo.jpg", { type: "image/jpeg" }) : file;
}

/** A file input's change handler: its chosen photo replaced by the shrunk one. */
export function shrinkChosenPhoto(o: ShrinkOptions) {
  return async (e: { currentTarget: HTMLInputElement }) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file || typeof DataTransfer === "undefined") return;
    const small = await shrinkPhoto(file, o).catch(() => file);
    if (small === file) return;
    const dt = new DataTransfer();
    dt.items.add(small);
    input.files = dt.files;
  };
}
