import { api, useTranslation, type PlaceSuggestion } from '@tasko/shared';
import { SuggestionCombobox, type SuggestionComboboxProps } from './SuggestionCombobox';

type Props = Omit<SuggestionComboboxProps<PlaceSuggestion>, 'suggest' | 'keyOf' | 'textOf' | 'countText'> & { noResultsText: string };

/**
 * The city as a combobox: suggestions from GET /places in the page's language, by any of a place's names; any
 * other name may still be typed.
 */
export function PlaceCombobox(props: Props) {
  const { t } = useTranslation('common');
  return (
    <SuggestionCombobox<PlaceSuggestion>
      {...props}
      suggest={(text, language, signal) => api.places(text, language, signal)}
      keyOf={(place) => place.id}
      textOf={(place) => place.name}
      countText={(count) => t('placeSuggestions', { count })}
    />
  );
}
