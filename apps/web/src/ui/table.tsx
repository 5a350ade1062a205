import type { Key, ReactNode } from 'react';
import './table.css';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  render(row: Row): ReactNode;
  align?: 'start' | 'end' | 'center';
  /** Marks the column whose cell names the row (rendered as a row header). */
  rowHeader?: boolean;
}

export interface TableProps<Row> {
  columns: ReadonlyArray<TableColumn<Row>>;
  rows: ReadonlyArray<Row>;
  rowKey(row: Row): Key;
  /** Names the table for screen readers; shown above it unless captionHidden. */
  caption: ReactNode;
  captionHidden?: boolean;
  /** Below this width the table scrolls sideways instead of squashing (001 §9: 640px). */
  minWidth?: number;
  /** Shown in place of rows when there are none. */
  empty?: ReactNode;
}

/** A data table in a keyboard-scrollable region, so wide tables stay usable on phones. */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden = false,
  minWidth = 640,
  empty = 'Nothing to show.',
}: TableProps<Row>) {
  return (
    <div className="ui-table__scroller" role="region" aria-label={typeof caption === 'string' ? caption : undefined} tabIndex={0}>
      <table className="ui-table" style={{ minWidth }}>
        <caption className={captionHidden ? 'visually-hidden' : 'ui-table__caption'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={`ui-table__cell--${column.align ?? 'start'}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="ui-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.key} scope="row" className={`ui-table__cell--${column.align ?? 'start'}`}>
                      {column.render(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={`ui-table__cell--${column.align ?? 'start'}`}>
                      {column.render(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
