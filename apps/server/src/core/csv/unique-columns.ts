/**
 * csv-parse's `columns` option for a CSV whose header names its columns: each name (as `normalise`
 * makes it) may appear once. With a name twice csv-parse keeps the last cell, so one column's data
 * was dropped without a word; this throws instead, which the parse's caller reports as unreadable.
 */
export function uniqueColumns(normalise: (name: string) => string = (name) => name): (header: string[]) => string[] {
  return (header) => {
    const names = header.map(normalise);
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice !== undefined) throw new Error(`the column ${twice} appears twice in the header`);
    return names;
  };
}
