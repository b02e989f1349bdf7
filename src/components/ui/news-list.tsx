import type { ReactNode } from 'react';
import { z } from 'zod/mini';
import type { Language } from '../../i18n/i18n.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { usePublicDataRefresh } from '../../lib/public-data-updates.ts';
import { useRequest } from '../../lib/use-request.ts';
import { newsSchema } from '../../shared/contracts/catalog.ts';
import { EmptyState } from './empty-state.tsx';
import './news-list.css';
import { dateFormat } from '../../i18n/formats.ts';

const newsListSchema = z.array(newsSchema);

/** A publication date: en '24 Mar 2026', de '24.03.2026'. */
function formatDate(value: string, language: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

interface NewsListProps {
  /** Only the newest `limit` items (the server answers newest first). */
  limit?: number;
  /** Shown after the list when items were left out (e.g. a link to all news). */
  more?: ReactNode;
}

/**
 * GET /api/news as a list of cards (home page, information page; its texts are in the home
 * catalogue). A failed load is not shown (docs/behaviour.md §8 leaves news errors unhandled): the list then
 * says there is no news yet.
 */
export function NewsList({ limit, more }: NewsListProps) {
  const t = useT('home');
  const language = useLanguage();
  const news = useRequest((signal) => api('/api/news', newsListSchema, { signal }), []);
  // News published (or withdrawn) by the organizers show up at the next online moment.
  usePublicDataRefresh('/api/news', news.retry);
  if (news.status === 'loading') return <p className="news-list__loading">{t('newsLoading')}</p>;
  const items = news.status === 'ready' ? news.data : [];
  if (items.length === 0) {
    return <EmptyState title={t('newsEmptyTitle')}>{t('newsEmptyText')}</EmptyState>;
  }
  const shown = limit === undefined ? items : items.slice(0, limit);
  return (
    <>
      <ul className="news-list">
        {shown.map((item) => (
          <li key={item.id} className="card">
            <article>
              <h3 className="news-list__title">{item.title}</h3>
              <p className="news-list__date">
                <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, language)}</time>
              </p>
              <p>{item.body}</p>
            </article>
          </li>
        ))}
      </ul>
      {shown.length < items.length ? more : null}
    </>
  );
}
