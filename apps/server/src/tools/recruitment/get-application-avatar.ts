import { DomainError } from '@server/core/errors/domain-error';
import { callUpstream } from '@server/core/http/call-upstream';
import type { RecruitmentDeps } from './recruitment-deps';

/** What the avatar use case needs beyond the tool's tables: Discord's CDN and how long to wait for it. */
export interface AvatarDeps extends Pick<RecruitmentDeps, 'db' | 'now'> {
  cdnBaseUrl: string;
  timeoutMs: number;
}

export interface AvatarImage {
  contentType: string;
  data: Buffer;
}

/** A Discord avatar hash (animated ones start a_); nothing else is ever put into a CDN URL. */
const AVATAR_HASH = /^(?:a_)?[0-9a-f]{32}$/;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const MAX_BYTES = 512 * 1024;
/** After the CDN had no image (or failed), ask again only after this long. */
const RETRY_AFTER_MS = 60 * 60 * 1000;

/**
 * Issue 13 item 8: GET /api/applications/{id}/avatar, the applicant's Discord avatar. The server
 * fetches it from Discord's CDN (DISCORD_CDN_BASE_URL) once per avatar hash, keeps it beside the
 * profile (recruitment_avatars) and serves it from our own origin, so the page's CSP keeps img-src
 * 'self'. No hash, a CDN failure or a non-image answers not_found, and the page shows initials.
 */
export async function getApplicationAvatar(deps: AvatarDeps, applicationId: number): Promise<AvatarImage> {
  const application = await deps.db
    .selectFrom('recruitment_applications')
    .select(['user_id', 'avatar'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
  if (!application) throw new DomainError('not_found', 'There is no such application.');
  const hash = application.avatar;
  if (!hash || !AVATAR_HASH.test(hash)) throw new DomainError('not_found', 'This applicant has no Discord avatar.');

  const cached = await deps.db
    .selectFrom('recruitment_avatars')
    .select(['hash', 'content_type', 'data', 'fetched_at'])
    .where('user_id', '=', application.user_id)
    .executeTakeFirst();
  if (cached && cached.hash === hash) {
    if (cached.data && cached.content_type) return { contentType: cached.content_type, data: Buffer.from(cached.data) };
    if (deps.now() - Number(cached.fetched_at) < RETRY_AFTER_MS)
      throw new DomainError('not_found', 'This applicant’s avatar is not available.');
  }

  const image = await fetchAvatar(deps, application.user_id, hash);
  const row = {
    hash,
    content_type: image?.contentType ?? null,
    data: image?.data ?? null,
    fetched_at: deps.now(),
  };
  await deps.db
    .insertInto('recruitment_avatars')
    .values({ user_id: application.user_id, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  if (!image) throw new DomainError('not_found', 'This applicant’s avatar is not available.');
  return image;
}

async function fetchAvatar(deps: AvatarDeps, userId: string, hash: string): Promise<AvatarImage | null> {
  const url = `${deps.cdnBaseUrl.replace(/\/+$/, '')}/avatars/${encodeURIComponent(userId)}/${hash}.png?size=128`;
  try {
    // callUpstream follows no redirect (a 3xx is not ok) and fails on a body over MAX_BYTES, both null here.
    const response = await callUpstream(url, { timeoutMs: deps.timeoutMs, maxBytes: MAX_BYTES });
    if (!response.ok || !IMAGE_TYPES.has(response.contentType)) return null;
    return response.body.length > 0 ? { contentType: response.contentType, data: response.body } : null;
  } catch {
    return null;
  }
}
