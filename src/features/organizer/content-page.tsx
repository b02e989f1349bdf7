import { PageHeader } from '../../components/ui/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { AgendaImport } from './agenda-import.tsx';
import { ExhibitorImport } from './exhibitor-import.tsx';
import { NewsEditor } from './news-editor.tsx';
import './content.css';

/** /organizer/content: the agenda from pretalx, exhibitors from CSV, and news. */
export function ContentPage() {
  const t = useT('organizer');
  return (
    <div className="content-page">
      <PageHeader title={t('contentTitle')} lead={t('contentLead')} />
      <AgendaImport />
      <ExhibitorImport />
      <NewsEditor />
    </div>
  );
}
