import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePlaceSuggestions } from '../api/get-places.ts';

const SUGGEST_DELAY_MS = 150;

/**
 * "Nära en ort": a place typed with suggestions as one types (GET /api/places), an ARIA 1.2 combobox:
 * up and down move through the suggestions, Enter chooses the highlighted one (or what is typed),
 * Escape closes the list. `value` is the place the register searches near; `onChoose` gets the chosen
 * place's label, or undefined when the field is emptied. No primitive of components/ui is a combobox
 * (Radix has none), so the roles and keys are this component's own.
 */
export function PlaceField({
  value,
  onChoose,
}: {
  value: string | undefined;
  onChoose: (place: string | undefined) => void;
}) {
  const { t } = useTranslation('clinics');
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value ?? '');
  const [shownFor, setShownFor] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The field follows a place set from elsewhere ("Nära mig" empties it, the address on going back).
  if (shownFor !== value) {
    setShownFor(value);
    setText(value ?? '');
  }
  const typed = useDebouncedValue(text.trim(), SUGGEST_DELAY_MS);
  const suggestions = usePlaceSuggestions(open ? typed : '');
  const places = open && text.trim() ? (suggestions.data?.items ?? []) : [];
  const expanded = places.length > 0;

  const choose = (place: string | undefined) => {
    setOpen(false);
    setActive(-1);
    setText(place ?? '');
    onChoose(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (!expanded) return;
      const last = places.length - 1;
      setActive((current) =>
        event.key === 'ArrowDown' ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1,
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const highlighted = expanded ? places[active] : undefined;
      choose(highlighted ? highlighted.label : text.trim() || undefined);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('register.nearLabel')}
      </label>
      <Input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        value={text}
        placeholder={t('register.nearPlaceholder')}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          // An emptied field is no place: the register lists every clinic again.
          if (!text.trim() && value) choose(undefined);
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('register.nearHint')}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('register.nearSuggestions')}
        hidden={!expanded}
        className="absolute top-[4.25rem] z-20 w-full overflow-hidden rounded-md border bg-card py-1 shadow-md"
      >
        {places.map((place, index) => (
          <li
            key={place.label}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            // Chosen before the field loses focus, so the click is not lost with the closing list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(place.label);
            }}
            className="cursor-pointer px-3 py-2 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground hover:bg-muted"
          >
            {place.name} <span className="text-muted-foreground">{place.county}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
