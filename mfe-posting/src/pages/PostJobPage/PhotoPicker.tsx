import { useEffect, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { LIMITS, useTranslation, type ValidationKey } from '@tasko/shared';
import { imageProblemOf } from '@tasko/shared/validation';
import { POSTING_NS } from '../../postingNamespace';
import { Camera } from './Camera';
import { movePhoto, newPhoto, photoSource, releasePhotos, type Photo } from './photos';
import { resizeForUpload } from './resizeImage';

interface Props {
  /** The id of the file input: the form moves the focus here when the photos have a problem. */
  inputId: string;
  photos: Photo[];
  onChange: (update: (current: Photo[]) => Photo[]) => void;
  /** A message key for the photos (a refused file, or the server's answer). */
  error?: ValidationKey;
  onError: (key: ValidationKey | undefined) => void;
  /** True while chosen photos are being made smaller: publishing waits for them. */
  onPreparingChange: (isPreparing: boolean) => void;
}

type PendingFocus = { index: number; action: 'earlier' | 'later' | 'remove' } | { index: -1; action: 'add' };

/** Up to five photos from the device (picker, drag and drop) or the camera, with previews, order and removal. */
export function PhotoPicker({ inputId, photos, onChange, error, onError, onPreparingChange }: Props) {
  const { t } = useTranslation(POSTING_NS);
  const { t: tc } = useTranslation('common');
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const cameraButton = useRef<HTMLButtonElement>(null);
  const [isCameraOpen, setIsCameraOpen] = useState(false);
  const [isDragOver, setIsDragOver] = useState(false);
  const [preparing, setPreparing] = useState(0);
  // The count at the latest commit, for additions that finish after other additions started.
  const count = useRef(photos.length);
  useLayoutEffect(() => {
    count.current = photos.length;
  }, [photos.length]);
  const pendingFocus = useRef<PendingFocus | null>(null);
  const isFull = photos.length >= LIMITS.maxImages;
  // What the last change did, said in a polite live region (WCAG 4.1.3); the id makes a repeated sentence
  // ("Photo 2 of 3 moved to position 3" twice) a new node, so it is announced again.
  const [announcement, setAnnouncement] = useState({ id: 0, text: '' });
  const announce = (text: string) => setAnnouncement((current) => ({ id: current.id + 1, text }));

  useEffect(() => onPreparingChange(preparing > 0), [preparing, onPreparingChange]);

  // After a move or a removal the focus follows the photo (or lands on the next one), never on <body>.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target.action === 'add' || !photos.length) {
      input.current?.focus();
      return;
    }
    const index = Math.min(target.index, photos.length - 1);
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>(`[data-photo="${index}"]`) ?? [];
    const wanted = [...buttons].find((b) => b.dataset.action === target.action && !b.disabled) ?? [...buttons].find((b) => !b.disabled);
    wanted?.focus();
  }, [photos]);

  const add = async (files: Blob[]) => {
    if (!files.length) return;
    onError(undefined);
    const room = LIMITS.maxImages - count.current;
    const wanted = files.slice(0, Math.max(0, room));
    let problem: ValidationKey | undefined = files.length > room ? 'tooManyImages' : undefined;
    setPreparing((n) => n + 1);
    try {
      const ready: Blob[] = [];
      for (const file of wanted) {
        const typeProblem = imageProblemOf({ type: file.type, size: 0 });
        if (typeProblem) {
          problem = typeProblem;
          continue;
        }
        const resized = await resizeForUpload(file);
        const sizeProblem = imageProblemOf(resized);
        if (sizeProblem) problem = sizeProblem;
        else ready.push(resized);
      }
      // Another addition may have filled the places meanwhile.
      const fitting = ready.slice(0, Math.max(0, LIMITS.maxImages - count.current));
      if (fitting.length < ready.length) problem = 'tooManyImages';
      if (fitting.length) {
        onChange((current) => [...current, ...fitting.map(newPhoto)].slice(0, LIMITS.maxImages));
        announce(
          t('photos.added', {
            count: fitting.length,
            total: Math.min(count.current + fitting.length, LIMITS.maxImages),
            max: LIMITS.maxImages,
          }),
        );
      }
    } finally {
      setPreparing((n) => n - 1);
      if (problem) onError(problem);
    }
  };
  const move = (from: number, to: number, action: 'earlier' | 'later') => {
    pendingFocus.current = { index: to, action };
    onChange((current) => movePhoto(current, from, to));
    announce(t('photos.moved', { from: from + 1, to: to + 1, total: photos.length }));
  };
  const remove = (index: number) => {
    pendingFocus.current = { index, action: 'remove' };
    onChange((current) => {
      releasePhotos(current.slice(index, index + 1));
      return current.filter((_, i) => i !== index);
    });
    onError(undefined);
    const left = photos.length - 1;
    announce(left > 0 ? t('photos.removed', { n: index + 1, count: left }) : t('photos.removedLast'));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragOver(false);
    void add([...event.dataTransfer.files]);
  };
  const closeCamera = () => {
    setIsCameraOpen(false);
    // The button is back once the camera panel is gone.
    requestAnimationFrame(() => cameraButton.current?.focus());
  };

  return (
    <fieldset
      className="field photo-picker"
      aria-describedby={[`${inputId}-hint`, error ? `${inputId}-error` : ''].filter(Boolean).join(' ')}
    >
      <legend>{t('photos.label')}</legend>
      <p id={`${inputId}-hint`} className="field__hint">
        {t('photos.hint', { max: LIMITS.maxImages })}
      </p>
      <div
        className={`photo-picker__drop${isDragOver ? ' photo-picker__drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setIsDragOver(true);
        }}
        onDragLeave={() => setIsDragOver(false)}
        onDrop={onDrop}
      >
        <input
          ref={input}
          id={inputId}
          className="visually-hidden photo-picker__input"
          type="file"
          accept={LIMITS.acceptedImageTypes.join(',')}
          multiple
          disabled={isFull}
          aria-describedby={[`${inputId}-hint`, error ? `${inputId}-error` : ''].filter(Boolean).join(' ')}
          onChange={(e) => {
            void add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <label htmlFor={inputId} className="button" aria-disabled={isFull || undefined}>
          {t('photos.choose')}
        </label>
        <button ref={cameraButton} type="button" className="button" onClick={() => setIsCameraOpen(true)} disabled={isFull || isCameraOpen}>
          {t('photos.openCamera')}
        </button>
        <span className="photo-picker__drop-hint">{t('photos.drop')}</span>
      </div>
      <p className="field__hint" role="status">
        {preparing > 0 ? t('photos.preparing') : ''}
      </p>
      <p className="visually-hidden" role="status">
        <span key={announcement.id}>{announcement.text}</span>
      </p>
      {error && (
        <p id={`${inputId}-error`} className="field__error" role="alert">
          {tc(`errors.${error}`)}
        </p>
      )}
      {isCameraOpen && (
        <Camera
          onClose={closeCamera}
          onPhoto={(blob) => {
            closeCamera();
            void add([blob]);
          }}
        />
      )}
      {photos.length > 0 && (
        <ol ref={list} className="photo-picker__list" aria-label={t('photos.chosen', { n: photos.length, max: LIMITS.maxImages })}>
          {photos.map((photo, i) => (
            <li key={photoSource(photo)}>
              <img src={photoSource(photo)} alt={t('photos.preview', { n: i + 1 })} width={120} height={90} />
              {i === 0 && photos.length > 1 && <span className="photo-picker__main">{t('photos.main')}</span>}
              <div className="photo-picker__actions">
                <button
                  type="button"
                  className="button photo-picker__move"
                  data-photo={i}
                  data-action="earlier"
                  onClick={() => move(i, i - 1, 'earlier')}
                  disabled={i === 0}
                  aria-label={t('photos.earlier', { n: i + 1 })}
                >
                  <span className="photo-picker__arrow" aria-hidden="true">
                    ←
                  </span>
                </button>
                <button
                  type="button"
                  className="button photo-picker__move"
                  data-photo={i}
                  data-action="later"
                  onClick={() => move(i, i + 1, 'later')}
                  disabled={i === photos.length - 1}
                  aria-label={t('photos.later', { n: i + 1 })}
                >
                  <span className="photo-picker__arrow" aria-hidden="true">
                    →
                  </span>
                </button>
                <button
                  type="button"
                  className="button"
                  data-photo={i}
                  data-action="remove"
                  onClick={() => remove(i)}
                  aria-label={t('photos.remove', { n: i + 1 })}
                >
                  {t('photos.removeShort')}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
