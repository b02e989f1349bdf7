import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { api } from '../../lib/api.ts';
import { type News, newsSchema } from '../../shared/contracts/index.ts';

const newsListSchema = z.array(newsSchema);
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** GET /api/news. Failures are not shown (SPEC §8): the section then says there is no news yet. */
export function NewsSection() {
  const [news, setNews] = useState<News[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api('/api/news', newsListSchema, { signal: controller.signal })
      .then(setNews)
      .catch(() => {
        if (!controller.signal.aborted) setNews([]);
      });
    return () => controller.abort();
  }, []);

  return (
    <section className="home__news" aria-labelledby="home-news-title" aria-busy={news === null}>
      <h2 id="home-news-title" className="home__section-title">
        News
      </h2>
      {news === null ? null : news.length === 0 ? (
        <EmptyState title="Nothing new yet">Announcements from the CloudFest team will appear here.</EmptyState>
      ) : (
        <ul className="home__news-list">
          {news.map((item) => (
            <li key={item.id} className="card">
              <article>
                <h3 className="home__news-title">{item.title}</h3>
                <p className="home__news-date">
                  <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
                </p>
                <p>{item.body}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
