import { CheckerIdType, type CheckStatusQuery } from '@guildhall/contracts/bureau';

/**
 * The checker's address carries the check: /bureau/checker?type=discord&id=<id>. The printed records'
 * QR code (001 §2 "Printable document" footer, a QR code of the Discord ID) encodes exactly that link,
 * so opening it runs the check; a person's own check writes it back, so a result can be shared.
 */
export function checkerQueryFromSearch(search: string | URLSearchParams): CheckStatusQuery | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  // 001 §5: the input is trimmed and an empty input does nothing.
  const id = params.get('id')?.trim() ?? '';
  if (!id) return null;
  // No type means a Discord ID, the checker's default selector and what the QR code carries.
  const type = CheckerIdType.safeParse(params.get('type') ?? 'discord');
  if (!type.success) return null;
  return { type: type.data, id };
}

/** The search part (without '?') that names one check, e.g. 'type=discord&id=123'. */
export function checkerSearchFor(query: CheckStatusQuery): string {
  return new URLSearchParams({ type: query.type, id: query.id }).toString();
}
