import type { ReactNode } from 'react';
import type { Tone } from './status-card';
import './tag.css';

/** A small solid label ("Banned", "Clear", a stage name) in one of the kit's tones. */
export function Tag({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span className={`ui-tag ui-tag--${tone}`} data-tone={tone}>
      {children}
    </span>
  );
}
