import { useState } from 'react';
import { applicationAvatarUrl } from '@guildhall/contracts/recruitment';

/** Up to two letters from a Discord username ("signal.sam" -> "SS"). */
export function initialsOf(username: string): string {
  const parts = username.split(/[\s._-]+/).filter(Boolean);
  const letters = (parts.length > 1 ? [parts[0]![0], parts[1]![0]] : [username[0]]).join('');
  return (letters || '?').toUpperCase();
}

/**
 * Issue 13 item 8: the applicant's Discord avatar, from our own origin (the server fetches and caches
 * it, so the CSP keeps img-src 'self'); the initials when there is none or it cannot be loaded.
 */
export function ApplicantAvatar({
  applicationId,
  username,
  hasAvatar,
  size = 'md',
}: {
  applicationId: number;
  username: string;
  hasAvatar: boolean;
  size?: 'sm' | 'md';
}) {
  const [failed, setFailed] = useState(false);
  const className = `recruitment-avatar recruitment-avatar--${size}`;
  if (!hasAvatar || failed)
    return (
      <span className={className} aria-hidden="true" data-avatar="initials">
        {initialsOf(username)}
      </span>
    );
  return (
    <img
      className={`${className} recruitment-avatar--image`}
      src={applicationAvatarUrl(applicationId)}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      data-avatar="image"
    />
  );
}
