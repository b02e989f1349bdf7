import { useEffect, useState } from 'react';
import { pageCount } from './organizer-people-api.ts';

interface PagerProps {
  /** What is paged, for the labels: 'attendees', 'entries'. */
  what: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / next buttons with 'Page 2 of 14 (680 attendees)'; the numbers are announced when they change. */
export function PeoplePager({ what, page, pageSize, total, onPage }: PagerProps) {
  const pages = pageCount(total, pageSize);
  return (
    <nav className="people-pager" aria-label={`Pages of ${what}`}>
      <button type="button" className="btn btn-secondary btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <p className="people-pager__status" aria-live="polite">
        Page {Math.min(page, pages)} of {pages} ({total.toLocaleString('en-GB')} {what})
      </p>
      <button type="button" className="btn btn-secondary btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
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
