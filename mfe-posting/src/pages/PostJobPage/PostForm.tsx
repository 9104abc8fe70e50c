import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from '@tasko/shared/router';
import { Trans } from 'react-i18next';
import {
  CATEGORIES,
  CONTACT_METHODS,
  i18n,
  LANGUAGES,
  LIMITS,
  PAYMENT_TYPES,
  useLanguage,
  useLocalizedPath,
  usePageMeta,
  useTranslation,
  type Listing,
  type ListingOutcomeState,
  type OfferType,
  type StoredUser,
  type ValidationKey,
} from '@tasko/shared';
import { POSTING_NS } from '../../postingNamespace';
import { PlaceCombobox } from '@tasko/shared/listing';
import { detectedLanguageOf, languageOf, type FieldName, type PostDraft } from './postDraft';
import { PhotoPicker } from './PhotoPicker';
import { PublishFailure, PublishProgress } from './PublishProgress';
import { AGE_CHECKBOX_ID, fieldId, PUBLISH_BUTTON_ID, usePostForm } from './usePostForm';

/** Time to read the success message before the listing's page replaces the form. */
const AFTER_PUBLISH_DELAY_MS = 1200;

export function PostForm({ user, offerType, listing }: { user: StoredUser; offerType: OfferType; listing?: Listing }) {
  const { t } = useTranslation(POSTING_NS);
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const { language: pageLanguage } = useLanguage();
  const form = usePostForm({ user, offerType, listing });
  const { draft, set, change, touch, errors, publishing } = form;

  const heading = listing ? t('edit.title') : t(offerType === 'service' ? 'create.serviceTitle' : 'create.jobTitle');
  usePageMeta(heading);

  // A string, so the timer starts once per publication (`localized` is a new function on every render).
  const publishedPath = publishing.status === 'published' ? localized(`/job/${publishing.listingId}`) : null;
  const isEdit = listing !== undefined;
  useEffect(() => {
    if (publishedPath === null) return undefined;
    // The listing's page says it once more, as the message here goes away with the form.
    const state: ListingOutcomeState = { listingOutcome: isEdit ? 'saved' : 'published' };
    const timer = setTimeout(() => navigate(publishedPath, { state }), AFTER_PUBLISH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [publishedPath, isEdit, navigate]);

  const errorOf = (name: FieldName) => errors[name];
  const locationError = errorOf('location');
  /** The props every text control shares: its id, its error state and descriptions, blur validation. */
  const control = (name: FieldName, hasHint = false) => ({
    id: fieldId(name),
    'aria-invalid': !!errorOf(name),
    'aria-describedby':
      [hasHint ? `${fieldId(name)}-hint` : '', errorOf(name) ? `${fieldId(name)}-error` : ''].filter(Boolean).join(' ') || undefined,
    onBlur: (event: { relatedTarget: EventTarget | null }) => touch(name, event.relatedTarget),
  });
  const isBusy = publishing.status === 'publishing' || publishing.status === 'published';

  return (
    <section className="page page--narrow posting" aria-labelledby="post-form-title">
      <h1 id="post-form-title">{heading}</h1>
      <p className="page__intro">{t('intro')}</p>
      {form.hasRestoredDraft && (
        <p className="draft-note" role="status">
          <span>{t(listing ? 'draft.restoredEdit' : 'draft.restored')}</span>{' '}
          <button type="button" className="button button--small" onClick={form.startOver}>
            {t(listing ? 'draft.discardChanges' : 'draft.startOver')}
          </button>
        </p>
      )}
      <form onSubmit={(e) => void form.submit(e)} noValidate className="post-form">
        <Field
          name="jobTitle"
          label={t('fields.jobTitle')}
          error={errorOf('jobTitle')}
          counter={{ count: draft.jobTitle.length, max: LIMITS.titleMaxLength }}
        >
          <input
            {...control('jobTitle', true)}
            type="text"
            dir="auto"
            value={draft.jobTitle}
            maxLength={LIMITS.titleMaxLength}
            placeholder={t('placeholders.jobTitle')}
            aria-required="true"
            onChange={(e) => set('jobTitle', e.target.value)}
          />
        </Field>
        <Field
          name="description"
          label={t('fields.description')}
          error={errorOf('description')}
          counter={{ count: draft.description.length, max: LIMITS.descriptionMaxLength }}
        >
          <textarea
            {...control('description', true)}
            dir="auto"
            rows={6}
            value={draft.description}
            maxLength={LIMITS.descriptionMaxLength}
            placeholder={t('placeholders.description')}
            aria-required="true"
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <div className="field">
          <label htmlFor="field-language">{t('fields.language')}</label>
          {/* Follows what is typed until the poster picks one: it sets the listing's direction and who finds it. */}
          <select
            id="field-language"
            value={languageOf(draft, pageLanguage)}
            aria-describedby="field-language-hint"
            onChange={(e) => set('language', e.target.value as PostDraft['language'])}
          >
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.nativeName}
              </option>
            ))}
          </select>
          <p id="field-language-hint" className="field__hint">
            {/* "Set from what you wrote" only once something written has said it; before, the page's language. */}
            {t(!draft.language && detectedLanguageOf(draft) ? 'languageDetected' : 'languageChosen')}
          </p>
        </div>
        <Field name="category" label={t('fields.category')} error={errorOf('category')}>
          <select
            {...control('category')}
            value={draft.category}
            aria-required="true"
            onChange={(e) => set('category', e.target.value as PostDraft['category'])}
          >
            <option value="">{t('placeholders.category')}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {tc(`categories.${c}`)}
              </option>
            ))}
          </select>
        </Field>
        <fieldset
          className="field"
          role="radiogroup"
          aria-invalid={!!errorOf('paymentType')}
          aria-describedby={errorOf('paymentType') ? `${fieldId('paymentType')}-error` : undefined}
        >
          <legend>{t('fields.paymentType')}</legend>
          <div className="choice-row">
            {PAYMENT_TYPES.map((type, i) => (
              <label key={type} className="choice">
                <input
                  id={i === 0 ? fieldId('paymentType') : undefined}
                  type="radio"
                  name="paymentType"
                  value={type}
                  checked={draft.paymentType === type}
                  onChange={() => set('paymentType', type)}
                  onBlur={(e) => touch('paymentType', e.relatedTarget)}
                />{' '}
                {tc(`price.${type}`)}
              </label>
            ))}
          </div>
          <FieldError name="paymentType" error={errorOf('paymentType')} />
        </fieldset>
        <Field
          name="amount"
          label={draft.paymentType === 'hourly' ? t('fields.amountHourly') : t('fields.amount')}
          error={errorOf('amount')}
        >
          <div className="amount-input">
            <span aria-hidden="true">₪</span>
            <input
              {...control('amount')}
              type="text"
              inputMode="numeric"
              dir="ltr"
              autoComplete="off"
              value={draft.amount}
              placeholder="150"
              aria-required="true"
              onChange={(e) => set('amount', e.target.value)}
            />
            {draft.paymentType === 'hourly' && <span dir="auto">{t('perHour')}</span>}
          </div>
        </Field>
        <div className="field-group">
          <PlaceCombobox
            label={t('fields.city')}
            inputId={fieldId('location')}
            value={draft.city}
            maxLength={LIMITS.cityMaxLength}
            onChange={(city) => change({ city, placeId: 0 })}
            onChoose={(place) => change({ city: place.name, placeId: place.id })}
            onBlur={() => touch('location')}
            error={locationError ? tc(`errors.${locationError}`) : undefined}
            noResultsText={t('noPlaces')}
          />
          <div className="field">
            <label htmlFor="field-address">{t('fields.address')}</label>
            <input
              id="field-address"
              type="text"
              dir="auto"
              autoComplete="street-address"
              value={draft.address}
              maxLength={LIMITS.addressMaxLength}
              placeholder={t('placeholders.address')}
              onChange={(e) => set('address', e.target.value)}
              onBlur={(e) => touch('location', e.relatedTarget)}
            />
          </div>
        </div>
        <Field name="contactPersonName" label={t('fields.contactPersonName')} error={errorOf('contactPersonName')}>
          <input
            {...control('contactPersonName')}
            type="text"
            dir="auto"
            autoComplete="name"
            value={draft.contactPersonName}
            maxLength={LIMITS.contactNameMaxLength}
            aria-required="true"
            onChange={(e) => set('contactPersonName', e.target.value)}
          />
        </Field>
        <Field name="phone" label={t('fields.phone')} error={errorOf('phone')}>
          <input
            {...control('phone')}
            type="tel"
            dir="ltr"
            autoComplete="tel"
            value={draft.phone}
            placeholder="054-1234-567"
            aria-required="true"
            onChange={(e) => set('phone', e.target.value)}
          />
        </Field>
        <Field name="contactEmail" label={t('fields.contactEmail')} error={errorOf('contactEmail')}>
          <input
            {...control('contactEmail')}
            type="email"
            dir="ltr"
            autoComplete="email"
            value={draft.contactEmail}
            maxLength={LIMITS.emailMaxLength}
            onChange={(e) => set('contactEmail', e.target.value)}
          />
        </Field>
        <fieldset
          className="field"
          aria-describedby={[`${fieldId('contactMethods')}-hint`, errorOf('contactMethods') ? `${fieldId('contactMethods')}-error` : '']
            .filter(Boolean)
            .join(' ')}
        >
          <legend>{t('fields.contactMethods')}</legend>
          {/* None is a choice too (docs/deal.md): the listing is then reached only by applying on the site. */}
          <p id={`${fieldId('contactMethods')}-hint`} className="field__hint">
            {t('contactMethodsHint')}
          </p>
          <div className="choice-row">
            {CONTACT_METHODS.map((method, i) => (
              <label key={method} className="choice">
                <input
                  id={i === 0 ? fieldId('contactMethods') : undefined}
                  type="checkbox"
                  checked={draft.contactMethods.includes(method)}
                  aria-invalid={!!errorOf('contactMethods')}
                  onChange={(e) =>
                    set(
                      'contactMethods',
                      e.target.checked ? [...draft.contactMethods, method] : draft.contactMethods.filter((m) => m !== method),
                    )
                  }
                  onBlur={(e) => touch('contactMethods', e.relatedTarget)}
                />{' '}
                {t(`contactMethods.${method}`)}
              </label>
            ))}
          </div>
          <FieldError name="contactMethods" error={errorOf('contactMethods')} />
        </fieldset>
        <PhotoPicker
          inputId={fieldId('photos')}
          photos={form.photos}
          onChange={form.updatePhotos}
          error={errorOf('photos')}
          onError={form.setPhotoError}
          onPreparingChange={form.setIsPreparingPhotos}
        />
        {form.needsAge && (
          <div className="field age-confirmation">
            <label className="choice">
              <input
                id={AGE_CHECKBOX_ID}
                type="checkbox"
                required
                checked={form.isAgeConfirmed}
                aria-invalid={form.isAgeMissing}
                aria-describedby={form.isAgeMissing ? `${AGE_CHECKBOX_ID}-error` : undefined}
                onChange={(e) => form.confirmAge(e.target.checked)}
              />{' '}
              {t('age.confirm')}
            </label>
            <p className="field__hint">
              <Trans i18n={i18n} t={t} i18nKey="age.whyWithTerms" components={{ terms: <Link to={localized('/eula')} /> }} />
            </p>
            {form.isAgeMissing && (
              <p id={`${AGE_CHECKBOX_ID}-error`} className="field__error" role="alert">
                {tc('errors.ageConfirmationRequired')}
              </p>
            )}
          </div>
        )}
        {publishing.status === 'failed' && (
          <PublishFailure failure={publishing} isEdit={!!listing} hasPhotos={form.photos.length > 0} onRetry={() => void form.retry()} />
        )}
        <div className="post-form__actions">
          {/* Busy, not disabled: the focus stays on it (a disabled button drops it to <body>); a second press does nothing. */}
          <button
            id={PUBLISH_BUTTON_ID}
            type="submit"
            className="button button--primary"
            disabled={form.isPreparingPhotos}
            aria-disabled={isBusy || undefined}
            aria-busy={publishing.status === 'publishing'}
          >
            {publishing.status === 'publishing' ? t('publishing') : listing ? t('save') : t('publish')}
          </button>
        </div>
        <PublishProgress
          publishing={publishing}
          publishedText={t(isEdit ? 'savedChanges' : offerType === 'service' ? 'publishedService' : 'publishedJob')}
          onStop={form.stop}
        />
      </form>
    </section>
  );
}

function Field({
  name,
  label,
  error,
  counter,
  children,
}: {
  name: FieldName;
  label: string;
  error?: ValidationKey;
  counter?: { count: number; max: number };
  children: ReactNode;
}) {
  const { t } = useTranslation(POSTING_NS);
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      {children}
      {counter && (
        <p id={`${fieldId(name)}-hint`} className="field__hint field__counter">
          <span aria-hidden="true" dir="ltr">
            {counter.count} / {counter.max}
          </span>
          <span className="visually-hidden">{t('counter', { n: counter.count, max: counter.max })}</span>
        </p>
      )}
      <FieldError name={name} error={error} />
    </div>
  );
}

function FieldError({ name, error }: { name: FieldName; error?: ValidationKey }) {
  const { t } = useTranslation('common');
  if (!error) return null;
  return (
    <p id={`${fieldId(name)}-error`} className="field__error">
      {t(`errors.${error}`)}
    </p>
  );
}
