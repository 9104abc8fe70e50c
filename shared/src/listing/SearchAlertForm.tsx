import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Link } from '@tasko/shared/router';
import {
  ALERT_FREQUENCIES,
  api,
  digestTime,
  toApiError,
  userAtom,
  useLocalizedPath,
  useTranslation,
  type AlertFilters,
  type AlertFrequency,
  type MessageKey,
  type UserSettings,
} from '@tasko/shared';
import { LISTING_NS } from './listingNamespace';

type Saving =
  | { status: 'editing' }
  | { status: 'saving' }
  | { status: 'failed'; messageKey: MessageKey }
  | { status: 'saved'; frequency: AlertFrequency };

/** Whether alert emails will arrive at all (the `emailNotifications` setting), learnt after saving. */
type Email =
  | { status: 'unknown' }
  | { status: 'on' }
  | { status: 'off'; settings: UserSettings }
  | { status: 'turningOn'; settings: UserSettings }
  | { status: 'turnFailed'; settings: UserSettings }
  | { status: 'turnedOn' };

const SAVED_TEXT = {
  instant: { job: 'alert.savedInstantJob', service: 'alert.savedInstantService' },
  daily: { job: 'alert.savedDailyJob', service: 'alert.savedDailyService' },
} as const satisfies Record<AlertFrequency, Record<AlertFilters['offerType'], string>>;

interface Props {
  filters: AlertFilters;
  /** Back from signing in to save this alert: the keyboard starts on the choice of how often. */
  isFocusedOnOpen?: boolean;
  onClose: () => void;
}

/** How often, Save and Cancel; then what was saved, and a way to turn alert emails on if they are off. */
export default function SearchAlertForm({ filters, isFocusedOnOpen = false, onClose }: Props) {
  const { t } = useTranslation(LISTING_NS);
  const { t: tc } = useTranslation('common');
  const localized = useLocalizedPath();
  const setUser = useSetAtom(userAtom);
  const id = useId();
  const outcome = useRef<HTMLParagraphElement>(null);
  const chosenFrequency = useRef<HTMLInputElement>(null);
  const [frequency, setFrequency] = useState<AlertFrequency>('instant');
  const [saving, setSaving] = useState<Saving>({ status: 'editing' });
  const [email, setEmail] = useState<Email>({ status: 'unknown' });

  useEffect(() => {
    if (isFocusedOnOpen) chosenFrequency.current?.focus();
  }, [isFocusedOnOpen]);

  // The Save button is gone once saved: the keyboard goes to the answer, not back to the page's start.
  useEffect(() => {
    if (saving.status === 'saved') outcome.current?.focus();
  }, [saving.status]);

  const remember = (settings: UserSettings) => setUser((user) => (user ? { ...user, settings } : user));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving({ status: 'saving' });
    try {
      await api.alerts.create({ ...filters, frequency });
    } catch (error) {
      setSaving({ status: 'failed', messageKey: toApiError(error).messageKey });
      return;
    }
    setSaving({ status: 'saved', frequency });
    // The server's copy: the switch may have been turned off on another device since this one signed in.
    try {
      const settings = await api.getSettings();
      remember(settings);
      setEmail(settings.emailNotifications ? { status: 'on' } : { status: 'off', settings });
    } catch {
      // Unknown: say nothing rather than something that may be wrong.
    }
  };

  const turnOnEmail = async (settings: UserSettings) => {
    setEmail({ status: 'turningOn', settings });
    try {
      // Everything else as the server sent it, `smsNotifications` included (remotes already released read it).
      remember(await api.saveSettings({ ...settings, emailNotifications: true }));
      setEmail({ status: 'turnedOn' });
    } catch {
      setEmail({ status: 'turnFailed', settings });
    }
  };

  const manage = (
    <Link className="search-alert__manage" to={localized('/settings')}>
      {t('alert.manage')}
    </Link>
  );

  if (saving.status === 'saved') {
    return (
      <div className="search-alert__outcome">
        <p ref={outcome} tabIndex={-1} className="alert alert--success" role="status">
          {t(SAVED_TEXT[saving.frequency][filters.offerType], { time: digestTime() })}
        </p>
        <div aria-live="polite">
          {(email.status === 'off' || email.status === 'turningOn' || email.status === 'turnFailed') && (
            <div className="search-alert__email">
              <p>{t('alert.emailOff')}</p>
              <button
                type="button"
                className="button button--primary"
                disabled={email.status === 'turningOn'}
                onClick={() => void turnOnEmail(email.settings)}
              >
                {t('alert.turnOnEmail')}
              </button>
              {email.status === 'turnFailed' && (
                <p className="alert alert--error" role="alert">
                  {t('alert.emailOnFailed')}
                </p>
              )}
            </div>
          )}
          {email.status === 'turnedOn' && (
            <p className="alert alert--success" role="status">
              {t('alert.emailOn')}
            </p>
          )}
        </div>
        {manage}
      </div>
    );
  }

  return (
    <form className="search-alert__form" onSubmit={(e) => void save(e)} aria-describedby={`${id}-lead`}>
      <p id={`${id}-lead`}>{t(filters.offerType === 'service' ? 'alert.leadService' : 'alert.leadJob')}</p>
      <fieldset>
        <legend>{t('alert.frequency')}</legend>
        {ALERT_FREQUENCIES.map((value) => (
          <label key={value} className="search-alert__choice">
            <input
              ref={frequency === value ? chosenFrequency : undefined}
              type="radio"
              name={`${id}-frequency`}
              value={value}
              checked={frequency === value}
              onChange={() => setFrequency(value)}
            />
            {t(`alert.frequencies.${value}`, { time: digestTime() })}
          </label>
        ))}
      </fieldset>
      {saving.status === 'failed' && (
        <div className="alert alert--error" role="alert">
          <p>{tc([`errors.${saving.messageKey}`, 'errors.serverError'])}</p>
          {saving.messageKey === 'tooManyAlerts' && manage}
        </div>
      )}
      <div className="search-alert__actions">
        <button type="submit" className="button button--primary" disabled={saving.status === 'saving'}>
          {saving.status === 'saving' ? t('alert.saving') : t('alert.save')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('alert.cancel')}
        </button>
      </div>
    </form>
  );
}
