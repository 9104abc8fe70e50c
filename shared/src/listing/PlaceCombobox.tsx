import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { api, useLanguage, useTranslation, type PlaceSuggestion } from '@tasko/shared';
import '../styles/combobox.css';

/** Long enough to wait for the next key of a fast typist, short enough to feel immediate. */
export const PLACES_DEBOUNCE_MS = 250;

interface Props {
  label: string;
  value: string;
  /** Any typed text: it names no chosen place any more. */
  onChange: (value: string) => void;
  /** A suggestion chosen: its name is the value now (its id is what a search or a listing stores). */
  onChoose?: (place: PlaceSuggestion) => void;
  onBlur?: () => void;
  placeholder?: string;
  maxLength?: number;
  inputId: string;
  /** The field's error message, already translated: shown under the input and read as its description. */
  error?: string;
  noResultsText: string;
}

type Suggestions = { status: 'idle' } | { status: 'loaded'; query: string; places: PlaceSuggestion[] };

/**
 * The city as an ARIA combobox (list autocomplete, WAI-ARIA APG): suggestions from GET /places in the
 * page's language, arrows to move, Enter to choose, Escape to close; any other name may still be typed.
 */
export function PlaceCombobox({
  label,
  value,
  onChange,
  onChoose,
  onBlur,
  placeholder,
  maxLength = 100,
  inputId,
  error,
  noResultsText,
}: Props) {
  const { language } = useLanguage();
  const { t } = useTranslation('common');
  const listId = useId();
  const statusId = `${listId}-status`;
  const errorId = `${inputId}-error`;
  // What the user typed since the last choice; null when there is nothing to look up.
  const [query, setQuery] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestions>({ status: 'idle' });
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Nothing to look up (cleared, or a place was chosen): the earlier suggestions go, while rendering.
  if (!query?.trim() && suggestions.status !== 'idle') setSuggestions({ status: 'idle' });

  useEffect(() => {
    const text = query?.trim() ?? '';
    if (!text) return undefined;
    // A newer keystroke aborts the older request, so a slow answer never replaces a newer one.
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.places(text, language, controller.signal).then(
        (places) => {
          setSuggestions({ status: 'loaded', query: text, places });
          setActive(-1);
          setIsOpen(places.length > 0);
        },
        () => {
          if (!controller.signal.aborted) setSuggestions({ status: 'idle' });
        },
      );
    }, PLACES_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, language]);

  const places = suggestions.status === 'loaded' ? suggestions.places : [];
  const isListShown = isOpen && places.length > 0;
  const hasNoMatch = suggestions.status === 'loaded' && places.length === 0 && query !== null;

  useEffect(() => {
    if (isListShown && active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [isListShown, active, listId]);

  const choose = (place: PlaceSuggestion) => {
    if (onChoose) onChoose(place);
    else onChange(place.name);
    setIsOpen(false);
    setActive(-1);
    setQuery(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = places.length;
    if (event.key === 'ArrowDown' && count) {
      setActive((i) => (isListShown ? (i + 1) % count : 0));
      setIsOpen(true);
    } else if (event.key === 'ArrowUp' && count) {
      setActive((i) => (isListShown && i > 0 ? i - 1 : count - 1));
      setIsOpen(true);
    } else if (event.key === 'Enter' && isListShown && active >= 0 && places[active]) {
      choose(places[active]);
    } else if (event.key === 'Escape' && isListShown) {
      setIsOpen(false);
      setActive(-1);
    } else {
      return;
    }
    event.preventDefault();
  };

  return (
    <div className="field combobox">
      <label htmlFor={inputId}>{label}</label>
      <div className="combobox__anchor">
        <input
          id={inputId}
          type="text"
          dir="auto"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isListShown}
          aria-controls={listId}
          aria-activedescendant={isListShown && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={!!error}
          aria-describedby={[error ? errorId : '', hasNoMatch ? statusId : ''].filter(Boolean).join(' ') || undefined}
          value={value}
          placeholder={placeholder}
          maxLength={maxLength}
          onChange={(e) => {
            onChange(e.target.value);
            setQuery(e.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setIsOpen(false);
            onBlur?.();
          }}
        />
        <ul id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!isListShown}>
          {places.map((place, i) => (
            // An option never takes the focus (WAI-ARIA APG combobox): the keys act in the input, through
            // aria-activedescendant, where Enter chooses the active option; a key handler here would never run.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard choice is the input's onKeyDown
            <li
              key={place.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the input: a click chooses without a blur in between.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(place)}
            >
              <bdi>{place.name}</bdi>
            </li>
          ))}
        </ul>
      </div>
      {/* Says that suggestions opened and how many (WCAG 4.1.3: a screen reader does not see the list appear). */}
      <p id={statusId} className="field__hint" role="status">
        {hasNoMatch ? (
          noResultsText
        ) : isListShown ? (
          <span className="visually-hidden">{t('placeSuggestions', { count: places.length })}</span>
        ) : (
          ''
        )}
      </p>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
