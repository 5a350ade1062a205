import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { uniqueColumns } from './unique-columns';

describe('uniqueColumns', () => {
  it('keeps a header whose names are all different, as normalised', () => {
    expect(parse('A, b\n1,2\n', { columns: uniqueColumns((h) => h.trim().toLowerCase()) })).toEqual([{ a: '1', b: '2' }]);
  });
  it('refuses a name given twice (csv-parse kept the last cell and dropped the first)', () => {
    expect(parse('name,name\nChess,Go\n', { columns: true })).toEqual([{ name: 'Go' }]);
    expect(() => parse('name,name\nChess,Go\n', { columns: uniqueColumns() })).toThrow('the column name appears twice in the header');
    expect(() => parse('Room,room\n1,2\n', { columns: uniqueColumns((h) => h.toLowerCase()) })).toThrow('the column room appears twice');
  });
});
