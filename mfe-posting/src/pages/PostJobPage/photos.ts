/** A photo of the listing: one already stored (edit mode) or a new one waiting for upload. */
export type Photo = { kind: 'stored'; url: string } | { kind: 'new'; blob: Blob; preview: string };

export const photoSource = (photo: Photo): string => (photo.kind === 'new' ? photo.preview : photo.url);

export function newPhoto(blob: Blob): Photo {
  return { kind: 'new', blob, preview: URL.createObjectURL(blob) };
}

export function releasePhotos(photos: readonly Photo[]): void {
  for (const photo of photos) if (photo.kind === 'new') URL.revokeObjectURL(photo.preview);
}

/** Moves one photo to another place; the same list when the move leaves it. */
export function movePhoto<T>(photos: readonly T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= photos.length || from < 0 || from >= photos.length) return [...photos];
  const next = [...photos];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

export interface PhotoUploadPlan {
  /** Stored photos the server keeps (it keeps them in their original order, before any upload). */
  keep: string[];
  /** Sent as files, in order: new photos, and stored ones that must move after a new one. */
  upload: (Blob | string)[];
}

/**
 * The update call stores the kept photos in their original order and then the uploaded ones. To store the
 * order the user chose, the longest prefix of stored photos still in original order is kept; everything
 * after it is sent as files (a stored photo moved behind a new one is fetched and sent again).
 */
export function planPhotoUpload(photos: readonly Photo[], storedOrder: readonly string[]): PhotoUploadPlan {
  const keep: string[] = [];
  let lastKept = -1;
  let i = 0;
  for (; i < photos.length; i += 1) {
    const photo = photos[i];
    const position = photo?.kind === 'stored' ? storedOrder.indexOf(photo.url) : -1;
    if (photo?.kind !== 'stored' || position <= lastKept) break;
    keep.push(photo.url);
    lastKept = position;
  }
  const upload = photos.slice(i).map((photo) => (photo.kind === 'new' ? photo.blob : photo.url));
  return { keep, upload };
}

/** The files of a plan: a stored photo sent again is read back from the site first. */
export async function uploadFilesOf(plan: PhotoUploadPlan): Promise<Blob[]> {
  return Promise.all(
    plan.upload.map(async (item) => {
      if (typeof item !== 'string') return item;
      const response = await fetch(item);
      if (!response.ok) throw new Error(`photo ${item} answered ${response.status}`);
      return response.blob();
    }),
  );
}
