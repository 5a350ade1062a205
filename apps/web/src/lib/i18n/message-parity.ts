/** Every key path of a message file, plural forms folded to their base ('x_one', 'x_other' -> 'x'). */
export function messageKeys(messages: unknown, prefix = ''): string[] {
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) return [prefix];
  return [
    ...new Set(
      Object.entries(messages).flatMap(([key, value]) =>
        messageKeys(value, `${prefix}${prefix ? '.' : ''}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`),
      ),
    ),
  ].sort();
}
