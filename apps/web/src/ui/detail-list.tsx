import type { ReactNode } from 'react';
import './detail-list.css';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Label/value pairs (a <dl>): one column on phones, two from tablet width up. */
export function DetailList({ items }: { items: ReadonlyArray<Detail> }) {
  return (
    <dl className="ui-detail-list">
      {items.map((item) => (
        <div key={item.label} className="ui-detail-list__row">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
