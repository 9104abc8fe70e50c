import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLanguage, type Language } from '@tasko/shared';
import '../styles/combobox.css';

/** Long enough to wait for the next key of a fast typist, short enough to feel immediate. */
export const SUGGESTIONS_DEBOUNCE_MS = 250;

export interface SuggestionComboboxProps<Option> {
  label: string;
  /** The list's own name, where the field's would name two things on the page (by default the field's). */
  listLabel?: string;
  value: string;
  /** Any typed text: it names no chosen option any more. */
  onChange: (value: string) => void;
  /** A suggestion chosen (without one, its text becomes the value). */
  onChoose?: (option: Option) => void;
  onBlur?: () => void;
  placeholder?: string;
  maxLength?: number;
  inputId: string;
  /** The field's error message, already translated: shown under the input and read as its description. */
  error?: string;
  /** Said under the field when nothing is suggested for what was typed; nothing is said without one. */
  noResultsText?: string;
  /** The suggestions for the typed text, in the page's language. */
  suggest: (text: string, language: Language, signal: AbortSignal) => Promise<Option[]>;
  keyOf: (option: Option) => string | number;
  /** The text an option puts in the field when chosen. */
  textOf: (option: Option) => string;
  /** How an option shows in the list (its text, by default). */
  renderOption?: (option: Option) => ReactNode;
  /** How many are suggested, for screen readers (WCAG 4.1.3), already translated. */
  countText: (count: number) => string;
  type?: 'text' | 'search';
}

type Suggestions<Option> = { status: 'idle' } | { status: 'loaded'; query: string; options: Option[] };

/**
 * A text field with suggestions as an ARIA combobox (list autocomplete, WAI-ARIA APG): suggestions as the
 * reader types, arrows to move, Enter to choose, Escape to close; any other text may still be typed. The place
 * fields (`PlaceCombobox`) and the search box's tasks are both this one.
 */
export function SuggestionCombobox<Option>({
  label,
  listLabel = label,
  value,
  onChange,
  onChoose,
  onBlur,
  placeholder,
  maxLength = 100,
  inputId,
  error,
  noResultsText,
  suggest,
  keyOf,
  textOf,
  renderOption = (option) => <bdi>{textOf(option)}</bdi>,
  countText,
  type = 'text',
}: SuggestionComboboxProps<Option>) {
  const { language } = useLanguage();
  const listId = useId();
  const statusId = `${listId}-status`;
  const errorId = `${inputId}-error`;
  // What the user typed since the last choice; null when there is nothing to look up.
  const [query, setQuery] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestions<Option>>({ status: 'idle' });
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
      suggest(text, language, controller.signal).then(
        (options) => {
          setSuggestions({ status: 'loaded', query: text, options });
          setActive(-1);
          setIsOpen(options.length > 0);
        },
        () => {
          if (!controller.signal.aborted) setSuggestions({ status: 'idle' });
        },
      );
    }, SUGGESTIONS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `suggest` is the caller's function of the moment: a new one each render must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, language]);

  const options = suggestions.status === 'loaded' ? suggestions.options : [];
  const isListShown = isOpen && options.length > 0;
  const hasNoMatch = suggestions.status === 'loaded' && options.length === 0 && query !== null && noResultsText !== undefined;

  useEffect(() => {
    if (isListShown && active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [isListShown, active, listId]);

  const choose = (option: Option) => {
    if (onChoose) onChoose(option);
    else onChange(textOf(option));
    setIsOpen(false);
    setActive(-1);
    setQuery(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === 'ArrowDown' && count) {
      setActive((i) => (isListShown ? (i + 1) % count : 0));
      setIsOpen(true);
    } else if (event.key === 'ArrowUp' && count) {
      setActive((i) => (isListShown && i > 0 ? i - 1 : count - 1));
      setIsOpen(true);
    } else if (event.key === 'Enter' && isListShown && active >= 0 && options[active] !== undefined) {
      choose(options[active]);
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
          type={type}
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
        <ul id={listId} role="listbox" aria-label={listLabel} className="combobox__list" hidden={!isListShown}>
          {options.map((option, i) => (
            // An option never takes the focus (WAI-ARIA APG combobox): the keys act in the input, through
            // aria-activedescendant, where Enter chooses the active option; a key handler here would never run.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard choice is the input's onKeyDown
            <li
              key={keyOf(option)}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the input: a click chooses without a blur in between.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
            >
              {renderOption(option)}
            </li>
          ))}
        </ul>
      </div>
      {/* Says that suggestions opened and how many (WCAG 4.1.3: a screen reader does not see the list appear). */}
      {/* Without a visible word (empty, or only the count for screen readers) it takes no room: the list opening
          must not move the fields and buttons beside it. */}
      <p id={statusId} className={hasNoMatch ? 'field__hint' : 'field__hint combobox__status--unseen'} role="status">
        {hasNoMatch ? noResultsText : isListShown ? <span className="visually-hidden">{countText(options.length)}</span> : ''}
      </p>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
