import { useId, type ReactNode } from 'react';
import './status-card.css';

export type Tone = 'success' | 'warning' | 'danger' | 'neutral';

export interface StatusCardProps {
  tone: Tone;
  title: ReactNode;
  children?: ReactNode;
  /** The heading level that fits the page outline (default h2). */
  headingLevel?: 2 | 3 | 4;
  /**
   * Makes the card a polite live region, so changes inside it are read out. A card that appears
   * together with its text is announced reliably only from inside a container that was already on
   * the page with aria-live (as the checker page does).
   */
  live?: boolean;
}

/**
 * A coloured result card: success green, warning amber, danger red, neutral grey (001 §2,
 * ARCHITECTURE.md §9).
 */
export function StatusCard({ tone, title, children, headingLevel = 2, live = false }: StatusCardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      className={`ui-status-card ui-status-card--${tone}`}
      data-tone={tone}
      aria-labelledby={headingId}
      aria-live={live ? 'polite' : undefined}
    >
      <Heading id={headingId} className="ui-status-card__title">
        {title}
      </Heading>
      {children !== undefined && <div className="ui-status-card__body">{children}</div>}
    </section>
  );
}
