/** The rows in lists of at most `size`, so one statement never binds more values than a database allows. */
export function* inChunks<T>(rows: T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
