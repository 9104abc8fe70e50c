import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '@tasko/shared';
import { POSTING_NS } from '../../postingNamespace';

type CameraState =
  | { status: 'starting' }
  | { status: 'live' }
  | { status: 'taken'; blob: Blob; preview: string }
  | { status: 'unsupported' }
  | { status: 'failed' };

const SHOT_QUALITY = 0.92;

/** Missing on old browsers and on pages that are not a secure context (plain http on another host). */
const hasCamera = (): boolean => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** Take photo, retake, use photo (docs/product.md#posting-a-listing); "Camera not supported in this browser" where there is none. */
export function Camera({ onPhoto, onClose }: { onPhoto: (blob: Blob) => void; onClose: () => void }) {
  const { t } = useTranslation(POSTING_NS);
  const video = useRef<HTMLVideoElement>(null);
  const group = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<CameraState>(() => (hasCamera() ? { status: 'starting' } : { status: 'unsupported' }));

  useEffect(() => {
    if (!hasCamera()) return undefined;
    let stream: MediaStream | undefined;
    let isClosed = false;
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1600 } }, audio: false }).then(
      (opened) => {
        // Closed while the browser was still asking: the camera must not stay on.
        if (isClosed) {
          opened.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = opened;
        if (video.current) video.current.srcObject = opened;
        setState({ status: 'live' });
      },
      () => {
        if (!isClosed) setState({ status: 'failed' });
      },
    );
    return () => {
      isClosed = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  // The next step's button gets the focus, so a keyboard user goes take → use without hunting for it.
  useEffect(() => {
    group.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [state.status]);

  useEffect(() => {
    if (state.status !== 'taken') return undefined;
    return () => URL.revokeObjectURL(state.preview);
  }, [state]);

  const take = () => {
    const el = video.current;
    if (!el || !el.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    canvas.getContext('2d')?.drawImage(el, 0, 0);
    canvas.toBlob((blob) => blob && setState({ status: 'taken', blob, preview: URL.createObjectURL(blob) }), 'image/jpeg', SHOT_QUALITY);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  const closeButton = (
    <button
      type="button"
      className="button"
      onClick={onClose}
      data-autofocus={state.status === 'unsupported' || state.status === 'failed' ? true : undefined}
    >
      {t('photos.closeCamera')}
    </button>
  );

  // Escape bubbles up from the camera's controls: the listener sits on a presentational inner element, so the
  // group keeps its name and role for assistive technology.
  const frame = (children: ReactNode) => (
    <div ref={group} role="group" aria-label={t('photos.cameraLabel')}>
      <div className="camera" role="presentation" onKeyDown={onKeyDown}>
        {children}
      </div>
    </div>
  );

  if (state.status === 'unsupported' || state.status === 'failed') {
    return frame(
      <>
        <p className="field__error" role="alert">
          {t(state.status === 'unsupported' ? 'photos.cameraUnsupported' : 'photos.cameraFailed')}
        </p>
        {closeButton}
      </>,
    );
  }
  return frame(
    <>
      {/* The video stays mounted (hidden) while a shot is shown, so "Retake" goes straight back to the live picture. */}
      <video ref={video} className="camera__view" autoPlay playsInline muted hidden={state.status === 'taken'} />
      {state.status === 'taken' && <img className="camera__view" src={state.preview} alt={t('photos.taken')} />}
      <div className="photo-picker__actions">
        {state.status === 'taken' ? (
          <>
            <button type="button" className="button" onClick={() => setState({ status: 'live' })}>
              {t('photos.retake')}
            </button>
            <button type="button" className="button button--primary" onClick={() => onPhoto(state.blob)} data-autofocus>
              {t('photos.use')}
            </button>
          </>
        ) : (
          <button type="button" className="button button--primary" onClick={take} disabled={state.status !== 'live'} data-autofocus>
            {t('photos.take')}
          </button>
        )}
        {closeButton}
      </div>
    </>,
  );
}
