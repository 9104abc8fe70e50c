import { useId, type ReactNode } from 'react';
import { useTranslation } from '@tasko/shared';
import { DEAL_NS } from './dealNamespace';
import '../styles/deal.css';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * 1–5 stars for a review form: native radio buttons (so Tab reaches the group once and the arrow keys choose,
 * in either direction), each named "3 stars", drawn as stars filled up to the choice, the focused one
 * outlined. `error` is the translated problem (`ratingInvalid`), read with the group.
 */
export function StarRatingInput({
  legend,
  value,
  onChange,
  error,
  isRequired = true,
  isDisabled = false,
  name,
}: {
  /** The question, the group's name: "How was working with Dana K.?" */
  legend: ReactNode;
  /** The chosen stars, null before a choice. */
  value: number | null;
  onChange: (rating: number) => void;
  error?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** The radios' form name; one of its own by default. */
  name?: string;
}) {
  const { t } = useTranslation(DEAL_NS);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="star-input"
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-required={isRequired || undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      disabled={isDisabled}
    >
      <legend id={`${id}-legend`} className="star-input__legend">
        {legend}
      </legend>
      <div className="star-input__options">
        {STARS.map((stars) => {
          const isFilled = value !== null && stars <= value;
          return (
            <label key={stars} className={`star-input__option${isFilled ? ' star-input__option--filled' : ''}`}>
              <input
                type="radio"
                className="star-input__radio"
                name={name ?? `${id}-stars`}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
              />
              {/* Filled or hollow: the choice is seen by shape, not by colour alone (WCAG 1.4.1). */}
              <span className="star-input__star" aria-hidden="true">
                {isFilled ? '★' : '☆'}
              </span>
              <span className="visually-hidden">{t('starInput.stars', { count: stars })}</span>
            </label>
          );
        })}
        {/* The same as the checked radio's name, for the eye only. */}
        <span className="star-input__chosen" aria-hidden="true">
          {value === null ? t('starInput.notChosen') : t('starInput.chosen', { rating: value })}
        </span>
      </div>
      {error && (
        <p id={errorId} className="star-input__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
