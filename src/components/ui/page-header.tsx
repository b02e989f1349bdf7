import type { ReactNode } from 'react';
import { APP_NAME } from './brand.ts';
import './page-header.css';

export interface PageHeaderProps {
  /** The page's one h1. */
  title: string;
  lead?: ReactNode;
  /** Document title when it should differ from the heading (e.g. 'Home' for a greeting). */
  documentTitle?: string;
}

/** Page heading; also sets the document title (React 19 hoists <title> into <head>). */
export function PageHeader({ title, lead, documentTitle }: PageHeaderProps) {
  return (
    <header className="page-header">
      <title>{`${documentTitle ?? title} · ${APP_NAME}`}</title>
      <h1 className="page-header__title">{title}</h1>
      {lead ? <p className="page-header__lead">{lead}</p> : null}
    </header>
  );
}
