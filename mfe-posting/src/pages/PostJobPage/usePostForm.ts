import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import {
  api,
  authStore,
  toApiError,
  track,
  useLanguage,
  userAtom,
  type Listing,
  type MessageKey,
  type OfferType,
  type StoredUser,
  type Submission,
  type UploadOptions,
  type ValidationKey,
} from '@tasko/shared';
import type { FieldErrors } from '@tasko/shared/validation';
import {
  clearDraft,
  draftKeyOf,
  draftOf,
  FIELD_ORDER,
  loadDraft,
  newDraftFor,
  saveDraft,
  toFormData,
  validateDraft,
  type FieldName,
  type PostDraft,
} from './postDraft';
import { clearPhotoDraft, loadPhotoDraft, savePhotoDraft } from './photoDraftStore';
import { newPhoto, planPhotoUpload, releasePhotos, uploadFilesOf, type Photo } from './photos';

/**
 * A publication ended without the server's answer: the poster stopped it, or the connection was lost while
 * the form was still leaving (nothing can have been saved) or after all of it had left (it may have been).
 */
export type Interruption = 'stopped' | 'lostWhileSending' | 'lostAfterSending';

export type Publishing =
  | { status: 'editing' }
  /** Sending the form (bytes of the whole request, 0 until the browser says), then the server saving it. */
  | { status: 'publishing'; phase: 'sending' | 'saving'; hasPhotos: boolean; sent: number; total: number }
  | { status: 'failed'; messageKey: MessageKey; interruption?: Interruption }
  | { status: 'published'; listingId: number };

/** Failures a second attempt may fix; the others (refused, not yours, not found) will not change by retrying. */
const RETRIABLE: readonly MessageKey[] = ['networkError', 'serverError', 'rateLimited'];
export const isRetriable = (messageKey: MessageKey): boolean => RETRIABLE.includes(messageKey);

/** The id of a field's control: labels, error descriptions and the focus after a refused submit use it. */
export const fieldId = (name: FieldName) => `field-${name}`;
export const AGE_CHECKBOX_ID = 'field-ageConfirmed';
export const PUBLISH_BUTTON_ID = 'post-form-publish';
export const RETRY_BUTTON_ID = 'post-form-retry';

/** Errors of the fields the user has left (or all, after a submit): nothing shouts before it is time. */
function pickTouched(found: FieldErrors, touched: ReadonlySet<string>): FieldErrors {
  return Object.fromEntries(Object.entries(found).filter(([name]) => touched.has(name)));
}

/** A photo message comes from the picker or the server, never from the schema: it survives re-validation. */
function withPhotoError(found: FieldErrors, photoError: ValidationKey | undefined): FieldErrors {
  return photoError ? { ...found, photos: photoError } : found;
}

function focusFirstInvalid(found: FieldErrors): void {
  const first = FIELD_ORDER.find((name) => found[name]);
  if (first) document.getElementById(fieldId(first))?.focus();
}

function setStoredAgeConfirmed(isConfirmed: boolean): void {
  const current = authStore.get(userAtom);
  if (current && current.info.ageConfirmed !== isConfirmed)
    authStore.set(userAtom, { ...current, info: { ...current.info, ageConfirmed: isConfirmed } });
}

const storedPhotosOf = (listing: Listing | undefined): Photo[] => (listing?.image_url ?? []).map((url) => ({ kind: 'stored', url }));

/**
 * The posting form's state: the draft (kept on the device at every change until published), the shared
 * schema's verdict on blur and on submit, the photos, the age confirmation the terms ask for, and publishing.
 */
export function usePostForm({ user, offerType, listing }: { user: StoredUser; offerType: OfferType; listing?: Listing }) {
  const draftKey = draftKeyOf(user.info.email, listing?.job_id);
  const { language: pageLanguage } = useLanguage();
  const startingDraft = useCallback(() => (listing ? draftOf(listing) : newDraftFor(user.info)), [listing, user.info]);
  const [draft, setDraft] = useState<PostDraft>(() => loadDraft(draftKey) ?? startingDraft());
  const [hasRestoredDraft, setHasRestoredDraft] = useState(() => loadDraft(draftKey) !== null);
  const [photos, setPhotos] = useState<Photo[]>(() => storedPhotosOf(listing));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [publishing, setPublishing] = useState<Publishing>({ status: 'editing' });
  const [isPreparingPhotos, setIsPreparingPhotos] = useState(false);
  const [needsAge, setNeedsAge] = useState(user.info.ageConfirmed === false);
  const [isAgeConfirmed, setIsAgeConfirmed] = useState(false);
  const [isAgeMissing, setIsAgeMissing] = useState(false);
  // A new object per request, so that asking again for the same control moves the focus again.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  // Set by any change of the photos (or a start-over): a restore arriving later must not undo it.
  const isPhotoRestoreCancelled = useRef(false);
  // Set by the user's changes only: a start-over empties the draft and must not write it back.
  const shouldKeepPhotos = useRef(false);
  // The publication under way, so that "Stop sending" can abort its request.
  const sending = useRef<AbortController | null>(null);
  // The draft and photos of the latest commit, for effects and for code that runs after an await.
  const latest = useRef({ draft, photos });
  useLayoutEffect(() => {
    latest.current = { draft, photos };
  }, [draft, photos]);

  // The photos of a restored draft come back from IndexedDB (asynchronously); a change made meanwhile wins.
  useEffect(() => {
    let isCurrent = true;
    void loadPhotoDraft(draftKey).then((stored) => {
      if (!isCurrent || !stored || isPhotoRestoreCancelled.current) return;
      if (loadDraft(draftKey) === null) {
        // The text draft is gone (published, or cleared by a logout): its photos go too.
        void clearPhotoDraft(draftKey);
        return;
      }
      const stillStored = new Set(listing?.image_url ?? []);
      setPhotos(stored.flatMap((p): Photo[] => (p.kind === 'new' ? [newPhoto(p.blob)] : stillStored.has(p.url) ? [p] : [])));
      setHasRestoredDraft(true);
    });
    return () => {
      isCurrent = false;
    };
  }, [draftKey, listing]);

  useEffect(() => {
    if (!shouldKeepPhotos.current) return;
    // The text draft is written too: photos alone are a draft worth keeping.
    saveDraft(draftKey, latest.current.draft);
    void savePhotoDraft(draftKey, photos);
  }, [draftKey, photos]);

  useEffect(() => () => releasePhotos(latest.current.photos), []);

  // For controls that appear with the state change that asks for the focus (the age checkbox).
  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  const updateDraft = (next: PostDraft) => {
    setDraft(next);
    saveDraft(draftKey, next);
    if (touched.size) setErrors((current) => withPhotoError(pickTouched(validateDraft(next, offerType), touched), current.photos));
  };
  const set = <K extends keyof PostDraft>(name: K, value: PostDraft[K]) => updateDraft({ ...draft, [name]: value });
  /** Several fields at once (a chosen place is its name and its id). */
  const change = (fields: Partial<PostDraft>) => updateDraft({ ...draft, ...fields });

  const updatePhotos = (update: (current: Photo[]) => Photo[]) => {
    isPhotoRestoreCancelled.current = true;
    shouldKeepPhotos.current = true;
    setPhotos(update);
  };
  const setPhotoError = (key: ValidationKey | undefined) => setErrors((current) => withPhotoError({ ...current, photos: undefined }, key));

  /** Validation as the user leaves a field. */
  const touch = (name: FieldName, relatedTarget?: EventTarget | null) => {
    // Leaving a field for the publish button: the submit checks everything at once, and a message appearing
    // now would move the button away from under the pointer.
    if (relatedTarget instanceof HTMLElement && relatedTarget.matches('button[type="submit"]')) return;
    const nextTouched = new Set(touched).add(name);
    setTouched(nextTouched);
    setErrors((current) => withPhotoError(pickTouched(validateDraft(draft, offerType), nextTouched), current.photos));
  };

  const startOver = () => {
    clearDraft(draftKey);
    void clearPhotoDraft(draftKey);
    releasePhotos(photos);
    isPhotoRestoreCancelled.current = true;
    shouldKeepPhotos.current = false;
    setDraft(startingDraft());
    setPhotos(storedPhotosOf(listing));
    setErrors({});
    setTouched(new Set());
    setHasRestoredDraft(false);
    setPublishing({ status: 'editing' });
    document.getElementById(fieldId('jobTitle'))?.focus();
  };

  const confirmAge = (isConfirmed: boolean) => {
    setIsAgeConfirmed(isConfirmed);
    if (isConfirmed) setIsAgeMissing(false);
  };

  /**
   * This submission's Idempotency-Key lives here: "Try again" after a lost answer resends the post under the
   * same key, so a post that did arrive is answered again rather than published twice.
   */
  const submission = useRef<Submission>({});

  /** `isRetry`: started from "Try again", whose button goes away: the focus moves to the busy publish button. */
  const publish = async ({ isRetry = false } = {}) => {
    if (publishing.status === 'publishing' || publishing.status === 'published' || isPreparingPhotos) return;
    const found = validateDraft(draft, offerType);
    setTouched(new Set(FIELD_ORDER));
    setErrors((current) => withPhotoError(found, current.photos));
    const isAgeStillMissing = needsAge && !isAgeConfirmed;
    setIsAgeMissing(isAgeStillMissing);
    if (Object.keys(found).length) {
      focusFirstInvalid(found);
      return;
    }
    if (isAgeStillMissing) {
      setFocusRequest({ id: AGE_CHECKBOX_ID });
      return;
    }
    if (!isRetry) submission.current = {};
    const plan = listing
      ? planPhotoUpload(photos, listing.image_url)
      : { keep: [], upload: photos.flatMap((p) => (p.kind === 'new' ? [p.blob] : [])) };
    const hasPhotos = plan.upload.length > 0;
    const controller = new AbortController();
    sending.current = controller;
    // Changed by the progress callback, read after the await: an object, so it is not narrowed to its first value.
    const upload = { phase: 'sending' as 'sending' | 'saving', shownSent: -1 };
    setPublishing({ status: 'publishing', phase: 'sending', hasPhotos, sent: 0, total: 0 });
    if (isRetry) setFocusRequest({ id: PUBLISH_BUTTON_ID });
    try {
      if (needsAge) {
        await api.confirmAge();
        setStoredAgeConfirmed(true);
        setNeedsAge(false);
      }
      const payload = toFormData(draft, offerType, pageLanguage, await uploadFilesOf(plan), listing ? plan.keep : undefined);
      const options: UploadOptions = {
        signal: controller.signal,
        onProgress: ({ sent, total }) => {
          const isAllSent = total > 0 && sent >= total;
          // A new state per percent at most: the browser reports far more often than anyone can see.
          if (!isAllSent && upload.shownSent >= 0 && sent - upload.shownSent < total / 100) return;
          upload.shownSent = sent;
          if (isAllSent) upload.phase = 'saving';
          setPublishing({ status: 'publishing', phase: upload.phase, hasPhotos, sent, total });
        },
      };
      const saved = listing
        ? await api.updateJob(listing.job_id, payload, options)
        : await api.createJob(payload, { ...options, submission: submission.current });
      clearDraft(draftKey);
      void clearPhotoDraft(draftKey);
      if (!listing) track('publish', { offerType, category: saved.category });
      setPublishing({ status: 'published', listingId: saved.job_id });
    } catch (error) {
      const problem = toApiError(error);
      // An expired session: the site signs the user out (which empties local storage) and sends them to sign
      // in again; the draft is written back so that the form is whole when they return.
      if (problem.statusCode === 401) saveDraft(draftKey, latest.current.draft);
      if (problem.messageKey === 'ageConfirmationRequired') {
        setStoredAgeConfirmed(false);
        setNeedsAge(true);
        setIsAgeMissing(true);
        setPublishing({ status: 'editing' });
        setFocusRequest({ id: AGE_CHECKBOX_ID });
        return;
      }
      const fieldErrors = problem.fields && Object.keys(problem.fields).length ? problem.fields : undefined;
      if (fieldErrors) {
        setTouched(new Set(FIELD_ORDER));
        setErrors(fieldErrors);
        focusFirstInvalid(fieldErrors);
      }
      const interruption: Interruption | undefined = controller.signal.aborted
        ? 'stopped'
        : problem.messageKey === 'networkError'
          ? upload.phase === 'saving'
            ? 'lostAfterSending'
            : 'lostWhileSending'
          : undefined;
      setPublishing({ status: 'failed', messageKey: problem.messageKey, ...(interruption ? { interruption } : {}) });
      // The focus goes to the way on, inside the message that says what happened.
      if (!fieldErrors && (interruption || isRetriable(problem.messageKey))) setFocusRequest({ id: RETRY_BUTTON_ID });
    } finally {
      if (sending.current === controller) sending.current = null;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return publish();
  };
  /** Sends the form again as it is now: the draft and photos were kept. */
  const retry = () => publish({ isRetry: true });
  /** "Stop sending": only offered while the form is still leaving, when nothing can have been saved yet. */
  const stop = () => sending.current?.abort();

  return {
    draft,
    set,
    change,
    touch,
    errors,
    photos,
    updatePhotos,
    setPhotoError,
    isPreparingPhotos,
    setIsPreparingPhotos,
    needsAge,
    isAgeConfirmed,
    isAgeMissing,
    confirmAge,
    publishing,
    submit,
    retry,
    stop,
    hasRestoredDraft,
    startOver,
  };
}
