import { Link } from '@tasko/shared/router';
import { useLanguage, useLocalizedPath, useTranslation, type MessageKey } from '@tasko/shared';
import { POSTING_NS } from '../../postingNamespace';
import { formatShare, quarterSent, transferParts } from './uploadProgress';
import { isRetriable, RETRY_BUTTON_ID, type Publishing } from './usePostForm';

const WORDS_ID = 'publish-progress-words';
const BYTES_ID = 'publish-progress-bytes';

/** Failures whose own message says more than "please try again" (shown after it). */
const EXPLAINED_FAILURES: readonly MessageKey[] = [
  'networkError',
  'rateLimited',
  'payloadTooLarge',
  'forbidden',
  'jobNotFound',
  'serverError',
];

/**
 * Publishing as it happens: what is happening in words, the bytes sent of the whole on a bar, and a way to
 * stop while the photos are still leaving. The words are a polite status that is always in the page (a live
 * region must exist before it changes); it changes at each step and at each quarter of the bytes, so a
 * screen reader hears "Sending photos… 50% sent", not every percent. The bytes are shown, not announced.
 */
export function PublishProgress({
  publishing,
  publishedText,
  onStop,
}: {
  publishing: Publishing;
  publishedText: string;
  onStop: () => void;
}) {
  const { t } = useTranslation(POSTING_NS);
  const { language } = useLanguage();
  let words = '';
  let share = '';
  if (publishing.status === 'publishing' && publishing.phase === 'saving') words = t('progress.saving');
  else if (publishing.status === 'publishing') {
    words = t(publishing.hasPhotos ? 'progress.sendingPhotos' : 'progress.sendingListing');
    const quarter = quarterSent(publishing.sent, publishing.total);
    if (quarter > 0 && quarter < 4) share = t('progress.sentShare', { percent: formatShare(quarter / 4, language) });
  } else if (publishing.status === 'published') words = publishedText;

  const isSending = publishing.status === 'publishing' && publishing.phase === 'sending';
  const showsBytes = publishing.status === 'publishing' && publishing.hasPhotos && publishing.total > 0;
  // Without a known total (and while the server works) the bar is indeterminate: it moves without a measure.
  const measure =
    publishing.status === 'published'
      ? { value: 1, max: 1 }
      : isSending && publishing.total > 0
        ? { value: publishing.sent, max: publishing.total }
        : {};

  // Idle, it is out of the layout (no empty row in the form) but still in the page, as a live region must be.
  return (
    <div className={`publish-progress${words ? '' : ' visually-hidden'}`}>
      <p
        id={WORDS_ID}
        role="status"
        className={`publish-progress__words${publishing.status === 'published' ? ' publish-progress__words--done' : ''}`}
      >
        {words}
        {share && <span className="visually-hidden"> {share}</span>}
      </p>
      {(publishing.status === 'publishing' || publishing.status === 'published') && (
        <progress
          className="publish-progress__bar"
          aria-labelledby={WORDS_ID}
          aria-describedby={showsBytes ? BYTES_ID : undefined}
          {...measure}
        />
      )}
      {showsBytes && (
        <p id={BYTES_ID} className="publish-progress__bytes">
          {t('progress.bytes', transferParts(publishing.sent, publishing.total, language))}
        </p>
      )}
      {isSending && publishing.hasPhotos && (
        <button type="button" className="button button--small" onClick={onStop}>
          {t('progress.stop')}
        </button>
      )}
    </div>
  );
}

/**
 * A publication that did not go through: what happened, that nothing typed or chosen is lost, and the way on.
 * A failure that may pass (a lost connection, a stop, a busy server) offers "Try again", which sends the form
 * as it is now; one the poster must fix (a refused field, a blocked account) says so without it.
 */
export function PublishFailure({
  failure,
  isEdit,
  hasPhotos,
  onRetry,
}: {
  failure: Extract<Publishing, { status: 'failed' }>;
  isEdit: boolean;
  hasPhotos: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation(POSTING_NS);
  const { t: tc } = useTranslation('common');
  const localized = useLocalizedPath();
  const { messageKey, interruption } = failure;
  if (messageKey === 'userBlocked') {
    return (
      <p className="alert alert--error" role="alert">
        {tc('errors.userBlocked')}
      </p>
    );
  }
  if (!interruption && !isRetriable(messageKey)) {
    return (
      <p className="alert alert--error" role="alert">
        {t('failed')}
        {EXPLAINED_FAILURES.includes(messageKey) && <> {tc(`errors.${messageKey}`)}</>}
      </p>
    );
  }
  const whatHappened =
    interruption === 'lostAfterSending'
      ? [t(isEdit ? 'failure.lostAfterSavingChanges' : 'failure.lostAfterSending')]
      : interruption
        ? [t(`failure.${interruption}`), t(isEdit ? 'failure.notSaved' : 'failure.notPublished')]
        : [t('failed'), tc(`errors.${messageKey}`)];
  return (
    <div className="alert alert--error publish-failure" role="alert">
      <p>{[...whatHappened, t(hasPhotos ? 'failure.keptPhotos' : 'failure.kept')].join(' ')}</p>
      <div className="publish-failure__actions">
        <button id={RETRY_BUTTON_ID} type="button" className="button button--primary" onClick={onRetry}>
          {t('failure.retry')}
        </button>
        {interruption === 'lostAfterSending' && <Link to={localized('/my-posted-jobs')}>{t('failure.myListings')}</Link>}
      </div>
    </div>
  );
}
