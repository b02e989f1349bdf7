import { Link } from 'react-router-dom';
import { useT } from '../../i18n/use-t.ts';
import type { InfoSection } from './content/types.ts';
import { InfoBlocks } from './info-blocks.tsx';
import { useInfoText } from './use-info-text.ts';

export const CONTENTS_ID = 'contents';

/** One h2 section of the information page, its subsections as h3. */
export function InfoSectionView({ section }: { section: InfoSection }) {
  const t = useT('information');
  const say = useInfoText();
  const titleId = `${section.id}-title`;
  return (
    <section id={section.id} className="information-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="information-section__title">
        {say(section.title)}
      </h2>
      {section.intro ? (
        <div className="information-prose information-section__intro">
          <InfoBlocks blocks={section.intro} />
        </div>
      ) : null}
      {section.subsections.map((subsection) => (
        <div key={subsection.heading} className="information-subsection">
          <h3 className="information-subsection__title">{say(subsection.heading)}</h3>
          <div className="information-prose">
            <InfoBlocks blocks={subsection.blocks} />
          </div>
        </div>
      ))}
      <p className="information-section__top">
        <Link to={`#${CONTENTS_ID}`}>{t('backToContents')}</Link>
      </p>
    </section>
  );
}
