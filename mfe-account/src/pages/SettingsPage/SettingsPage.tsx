import { useEffect, useState, type FormEvent } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import {
  DEFAULT_SETTINGS,
  LANGUAGES,
  THEMES,
  api,
  applyTheme,
  storeLanguage,
  themeAtom,
  useLanguage,
  usePageMeta,
  userAtom,
  useTranslation,
  type UserSettings,
} from '@tasko/shared';
import { ACCOUNT_NS } from '../../accountNamespace';
import { BlockedMembers } from './BlockedMembers';
import { MyAlerts } from './MyAlerts';
import '../account.css';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export default function SettingsPage({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { language } = useLanguage();
  const [user, setUser] = useAtom(userAtom);
  const setTheme = useSetAtom(themeAtom);
  const [settings, setSettings] = useState<UserSettings>(user?.settings ?? DEFAULT_SETTINGS);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  usePageMeta(t('settings.title'));

  // The server's copy wins: settings saved on another device show here.
  useEffect(() => {
    api.getSettings().then(setSettings, () => undefined);
  }, []);

  const change = <K extends keyof UserSettings>(key: K, value: UserSettings[K]) => {
    setSettings((s) => ({ ...s, [key]: value }));
    setSaveState('idle');
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saveState === 'saving') return;
    setSaveState('saving');
    try {
      const saved = await api.saveSettings(settings);
      setSaveState('saved');
      setTheme(saved.theme);
      applyTheme(saved.theme);
      if (user) setUser({ ...user, settings: saved });
      if (saved.language !== language) {
        storeLanguage(saved.language);
        reload();
      }
    } catch {
      setSaveState('failed');
    }
  };

  return (
    <section className="page page--narrow account-card" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <form className="settings-form" onSubmit={(e) => void save(e)}>
        <label htmlFor="settings-language">{t('settings.language')}</label>
        <select
          id="settings-language"
          value={settings.language}
          onChange={(e) => change('language', e.target.value as UserSettings['language'])}
        >
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.nativeName}
            </option>
          ))}
        </select>

        <fieldset>
          <legend>{t('settings.theme')}</legend>
          {THEMES.map((theme) => (
            <label key={theme} className="settings-form__choice">
              <input type="radio" name="theme" value={theme} checked={settings.theme === theme} onChange={() => change('theme', theme)} />
              {t(`settings.themes.${theme}`)}
            </label>
          ))}
        </fieldset>

        <fieldset>
          <legend>{t('settings.notifications')}</legend>
          {/* No SMS switch: no SMS can be sent. `smsNotifications` goes back to the server as it came. */}
          <label className="settings-form__choice">
            <input
              type="checkbox"
              checked={settings.emailNotifications}
              aria-describedby="settings-email-note"
              onChange={(e) => change('emailNotifications', e.target.checked)}
            />
            {t('settings.emailNotifications')}
          </label>
          <p id="settings-email-note" className="account-card__note">
            {t('settings.emailNotificationsNote')}
          </p>
        </fieldset>

        {/* Busy, not disabled: a disabled button drops the focus to the page (WCAG 2.4.3), and a second press does nothing. */}
        <button type="submit" className="button button--primary" aria-disabled={saveState === 'saving'}>
          {saveState === 'saving' ? t('settings.saving') : t('settings.save')}
        </button>
        <div aria-live="polite">
          {saveState === 'saved' && (
            <p className="alert alert--success" role="status">
              {t('settings.saved')}
            </p>
          )}
          {saveState === 'failed' && (
            <p className="alert alert--error" role="alert">
              {t('settings.failed')}
            </p>
          )}
        </div>
      </form>
      <MyAlerts />
      <BlockedMembers />
    </section>
  );
}
