import { useEffect, useState } from 'react';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import { useConsoleFormats } from './formats.ts';
import { pageCount } from './organizer-people-api.ts';

/** What is paged: each has its own sentences, so every language can inflect the noun. */
export type PagedThing = 'pendingPasses' | 'people' | 'entries';

const MESSAGES: Record<PagedThing, { label: MessageKey<'organizer'>; status: MessageKey<'organizer'> }> = {
  pendingPasses: { label: 'pagerPendingPassesLabel', status: 'pagerPendingPassesStatus' },
  people: { label: 'pagerPeopleLabel', status: 'pagerPeopleStatus' },
  entries: { label: 'pagerEntriesLabel', status: 'pagerEntriesStatus' },
};

interface PagerProps {
  what: PagedThing;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / next buttons with 'Page 2 of 14 (680 people)'; the numbers are announced when they change. */
export function PeoplePager({ what, page, pageSize, total, onPage }: PagerProps) {
  const t = useT('organizer');
  const { count } = useConsoleFormats();
  const pages = pageCount(total, pageSize);
  const messages = MESSAGES[what];
  return (
    <nav className="people-pager" aria-label={t(messages.label)}>
      <button type="button" className="btn btn-secondary btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </button>
      <p className="people-pager__status" aria-live="polite">
        {t(messages.status, { page: Math.min(page, pages), pages, total: count(total), count: total })}
      </p>
      <button type="button" className="btn btn-secondary btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </button>
    </nav>
  );
}

/** The value, once it has not changed for `ms` (a search box asks the server after typing pauses). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
