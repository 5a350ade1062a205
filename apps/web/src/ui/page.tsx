import { useEffect, type ReactNode } from 'react';
import './page.css';

export interface PageProps {
  /** The page's <h1>, also used for the browser tab title. */
  title: string;
  /** One line under the title. */
  lead?: ReactNode;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/** The frame of a page inside the app shell: one h1, a readable width, the tab title kept in step. */
export function Page({ title, lead, width = 'wide', children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · Guildhall`;
  }, [title]);
  return (
    <div className={`ui-page ui-page--${width}`}>
      <header className="ui-page__header">
        <h1 className="ui-page__title">{title}</h1>
        {lead && <p className="ui-page__lead">{lead}</p>}
      </header>
      {children}
    </div>
  );
}
