import type { CheckStatusAnswer } from '@guildhall/contracts/bureau';
import { showStoredLines, showStoredText } from '@guildhall/contracts/stored-text';
import type { Tone } from '@/ui/status-card';

/** 001 §2 and §3: any absent or empty value reads 'Unknown'. */
export const UNKNOWN = 'Unknown';

/** 001 §2 Not Found card text, word for word. */
export const NOT_FOUND_MESSAGE = 'The user with the provided ID was not found in the verification or ban database.';

export const NOT_VERIFIED_MESSAGE = 'This Roblox account is not linked to a verified Discord account.';

export function orUnknown(value: string | null | undefined): string {
  const text = value?.trim();
  return text ? text : UNKNOWN;
}

export interface DateOptions {
  /** BCP 47 locale; the browser's own when left out. */
  locale?: string;
  /** IANA zone; the browser's own when left out. */
  timeZone?: string;
}

/**
 * 001 §3/§9: a ban's Time is seconds since the epoch. A missing, zero or nonsensical time reads
 * 'Unknown' rather than a date in 1970.
 */
export function formatBanDate(seconds: number | null | undefined, options: DateOptions = {}): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return UNKNOWN;
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return UNKNOWN;
  return new Intl.DateTimeFormat(options.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: options.timeZone }).format(date);
}

export interface LabelledValue {
  label: string;
  value: string;
}

export interface CheckerView {
  tone: Tone;
  title: 'Not Found' | 'User Verified' | 'User Not Verified';
  message: string | null;
  accounts: LabelledValue[];
  /** 001 §2 'Roblox Status' tag; null when there is no Roblox account to speak of. */
  robloxStatus: 'Banned' | 'Clear' | null;
  /** Moderator, reason and date of an active ban, each 'Unknown' when absent (001 §2). */
  ban: LabelledValue[] | null;
}

type Ban = Extract<CheckStatusAnswer, { result: 'verified' }>['ban'];

function banDetails(ban: Ban, dates: DateOptions): LabelledValue[] | null {
  if (!ban?.isBanned) return null;
  return [
    // Decision 0069: a bot's text, written out as stored (a U+202E turned the card's next lines around).
    { label: 'Moderator', value: showStoredText(orUnknown(ban.moderator)) },
    // A reason of blank or invisible lines only reads as a missing one, as on the staff pages.
    { label: 'Reason', value: showStoredLines(ban.reason ?? '') || UNKNOWN },
    { label: 'Date', value: formatBanDate(ban.time, dates) },
  ];
}

/** What the result card shows for one answer of GET /bureau/api/check-status (001 §2, §4). */
export function toCheckerView(answer: CheckStatusAnswer, dates: DateOptions = {}): CheckerView {
  switch (answer.result) {
    case 'not_found':
      return { tone: 'neutral', title: 'Not Found', message: NOT_FOUND_MESSAGE, accounts: [], robloxStatus: null, ban: null };
    case 'verified':
      return {
        // 001 §2: User Verified is green.
        tone: 'success',
        title: 'User Verified',
        message: null,
        accounts: [
          { label: 'Discord Username', value: orUnknown(answer.discord.username) },
          { label: 'Discord ID', value: answer.discord.id },
          { label: 'Roblox Username', value: orUnknown(answer.roblox.username) },
          { label: 'Roblox ID', value: answer.roblox.id },
        ],
        robloxStatus: answer.ban?.isBanned ? 'Banned' : 'Clear',
        ban: banDetails(answer.ban, dates),
      };
    case 'not_verified':
      return {
        // 001 §2: User Not Verified is amber.
        tone: 'warning',
        title: 'User Not Verified',
        message: NOT_VERIFIED_MESSAGE,
        accounts: [
          { label: 'Roblox Username', value: orUnknown(answer.roblox.username) },
          { label: 'Roblox ID', value: answer.roblox.id },
        ],
        robloxStatus: answer.ban.isBanned ? 'Banned' : 'Clear',
        ban: banDetails(answer.ban, dates),
      };
  }
}
