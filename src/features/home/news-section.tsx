import { Link } from 'react-router-dom';
import { NewsList } from '../../components/ui/news-list.tsx';

/** The three newest announcements; all of them are on the information page. */
export function NewsSection() {
  return (
    <section className="home__news" aria-labelledby="home-news-title">
      <h2 id="home-news-title" className="home__section-title">
        News
      </h2>
      <NewsList
        limit={3}
        more={
          <p className="home__more">
            <Link to="/information#news">All news</Link>
          </p>
        }
      />
    </section>
  );
}
