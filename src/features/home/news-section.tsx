import { Link } from 'react-router-dom';
import { NewsList } from '../../components/ui/news-list.tsx';
import { useT } from '../../i18n/use-t.ts';

/** The three newest announcements; all of them are on the information page. */
export function NewsSection() {
  const t = useT('home');
  return (
    <section className="home__news" aria-labelledby="home-news-title">
      <h2 id="home-news-title" className="home__section-title">
        {t('news')}
      </h2>
      <NewsList
        limit={3}
        more={
          <p className="home__more">
            <Link to="/information#news">{t('allNews')}</Link>
          </p>
        }
      />
    </section>
  );
}
