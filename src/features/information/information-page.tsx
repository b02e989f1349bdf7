import { Link } from 'react-router-dom';
import { NewsList } from '../../components/ui/news-list.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { EVENT_OVERVIEW } from './content/event-overview.ts';
import { LAST_UPDATED } from './content/facts.ts';
import { INFORMATION_SECTIONS } from './content/index.ts';
import { formatDay } from './fact-values.ts';
import { InfoBlocks } from './info-blocks.tsx';
import { CONTENTS_ID, InfoSectionView } from './info-section.tsx';
import { SellerContext, useSellerRequest } from './seller.tsx';
import { useInfoText } from './use-info-text.ts';
import './information.css';

/**
 * /information: the event at a glance and the news, then the FAQ, partners and legal texts. The texts are
 * messages of the information namespace, arranged by ./content; the section ids are the anchors of the app's
 * footer links (src/app/layouts/nav-links.ts).
 */
export function InformationPage() {
  const t = useT('information');
  const say = useInfoText();
  const language = useLanguage();
  const seller = useSellerRequest();
  return (
    <SellerContext.Provider value={seller}>
      <PageHeader title={t('pageTitle')} lead={t('pageLead')} />
      <p className="information-updated text-muted">
        <Text
          ns="information"
          k="lastUpdated"
          values={{ date: formatDay(LAST_UPDATED, language) }}
          components={{ time: <time dateTime={LAST_UPDATED} /> }}
        />
      </p>

      <section className="information-overview card" aria-labelledby="information-overview-title">
        <h2 id="information-overview-title" className="information-overview__title">
          {t('overviewTitle')}
        </h2>
        <div className="information-prose">
          <InfoBlocks blocks={EVENT_OVERVIEW} />
        </div>
      </section>

      <section id="news" className="information-news" aria-labelledby="information-news-title">
        <h2 id="information-news-title" className="information-news__title">
          {t('newsTitle')}
        </h2>
        <NewsList />
      </section>

      <nav id={CONTENTS_ID} className="information-contents" aria-labelledby="information-contents-title">
        <h2 id="information-contents-title" className="information-contents__title">
          {t('contentsTitle')}
        </h2>
        <ol className="information-contents__list">
          {INFORMATION_SECTIONS.map((section) => (
            <li key={section.id} className="information-contents__item">
              <Link to={`#${section.id}`} className="information-contents__link">
                {say(section.title)}
              </Link>
              <span className="information-contents__summary">{say(section.summary)}</span>
            </li>
          ))}
        </ol>
      </nav>

      <div className="information-sections">
        {INFORMATION_SECTIONS.map((section) => (
          <InfoSectionView key={section.id} section={section} />
        ))}
      </div>
    </SellerContext.Provider>
  );
}
