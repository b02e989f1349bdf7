import { type KeyboardEvent, useDeferredValue, useId, useMemo, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import type { Exhibitor } from '../../shared/contracts/agenda.ts';
import { matchExhibitors } from './exhibitor-match.ts';
import { hallLabel } from './floor-layout.ts';

interface ExhibitorSearchProps {
  /** null while the list is loading or could not be loaded: the field is disabled then. */
  exhibitors: readonly Exhibitor[] | null;
  onSelect: (exhibitor: Exhibitor) => void;
  /** Why the field is disabled, shown as its hint. */
  unavailableHint?: string;
}

const LIMIT = 20;

/**
 * A combobox (ARIA 1.2 pattern): type a name, booth or category, move through the matches with
 * the arrow keys, Enter or a tap picks one, Escape closes the list and then clears the field.
 */
export function ExhibitorSearch({ exhibitors, onSelect, unavailableHint }: ExhibitorSearchProps) {
  const t = useT('plans');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const deferredQuery = useDeferredValue(query);
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const statusId = useId();

  const matches = useMemo(() => matchExhibitors(exhibitors ?? [], deferredQuery, LIMIT), [exhibitors, deferredQuery]);
  const showList = open && query.trim() !== '' && exhibitors !== null;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (exhibitor: Exhibitor) => {
    setQuery(exhibitor.name);
    setOpen(false);
    setActive(-1);
    onSelect(exhibitor);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = matches.items.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (count > 0) setActive((i) => (i + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (count > 0) setActive((i) => (i <= 0 ? count - 1 : i - 1));
        break;
      case 'Enter': {
        if (!showList) return;
        const exhibitor = matches.items[active >= 0 ? active : 0];
        if (exhibitor) {
          event.preventDefault();
          choose(exhibitor);
        }
        break;
      }
      case 'Escape':
        if (showList) setOpen(false);
        else setQuery('');
        setActive(-1);
        break;
      default:
    }
  };

  const statusText = !showList
    ? ''
    : matches.total === 0
      ? t('noExhibitorsFound')
      : t('exhibitorsFound', { count: matches.total });

  return (
    <div className="exhibitor-search">
      <label className="field-label" htmlFor={inputId}>
        {t('findExhibitor')}
      </label>
      <div className="exhibitor-search__box">
        <input
          id={inputId}
          className="input exhibitor-search__input"
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={t('searchPlaceholder')}
          value={query}
          disabled={exhibitors === null}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          aria-describedby={unavailableHint ? hintId : undefined}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <div className="exhibitor-search__popup" hidden={!showList}>
          <div id={listId} className="exhibitor-search__list" role="listbox" aria-label={t('matchingExhibitors')}>
            {showList
              ? matches.items.map((exhibitor, index) => (
                  // biome-ignore lint/a11y/useFocusableInteractive: options stay unfocusable; the field keeps the focus (aria-activedescendant)
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are handled by the field, as the combobox pattern asks
                  <div
                    key={exhibitor.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    className="exhibitor-search__option"
                    // Keep the focus in the field; the click then picks the option.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(exhibitor)}
                  >
                    <span className="exhibitor-search__name">{exhibitor.name}</span>
                    <span className="exhibitor-search__meta">
                      <span className="exhibitor-search__booth">{exhibitor.booth}</span> · {hallLabel(exhibitor.hall, t)} ·{' '}
                      {exhibitor.category}
                    </span>
                  </div>
                ))
              : null}
          </div>
          {showList && matches.total === 0 ? (
            <p className="exhibitor-search__empty">{t('noExhibitorMatches', { query: query.trim() })}</p>
          ) : null}
          {showList && matches.total > matches.items.length ? (
            <p className="exhibitor-search__more">{t('showingSome', { shown: matches.items.length, total: matches.total })}</p>
          ) : null}
        </div>
      </div>
      {unavailableHint ? (
        <p id={hintId} className="field-hint">
          {unavailableHint}
        </p>
      ) : null}
      <p id={statusId} className="visually-hidden" role="status">
        {statusText}
      </p>
    </div>
  );
}
