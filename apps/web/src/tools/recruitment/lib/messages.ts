import { LOGIN_RESULT_PARAM, LoginFailure } from '@guildhall/contracts/recruitment';
import { ApiError } from '@/lib/api-client';

// 000 §8 Error catalogue, word for word.
export const MESSAGES = {
  uploadUnknown: 'An unknown upload error occurred.',
  submitNetwork: 'An error occurred while submitting your application.',
  updateNetwork: 'An error occurred.',
  missingChoices: 'Please provide comma-separated options.',
  /** Guildhall's own (000 §8 has no text for it): Submit pressed while a file is still uploading. */
  uploadInProgress: 'Please wait until your file has finished uploading.',
} as const;

/** 000 §8: 'Upload Failed: {message}', the message being 'Upload failed: ' and the server's text. */
export function uploadFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return `Upload Failed: Upload failed: ${error.message}`;
  return MESSAGES.uploadUnknown;
}

/** 000 §8: 'Error: {server text}', or the network sentence. */
export function submitFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return `Error: ${error.message}`;
  return MESSAGES.submitNetwork;
}

/** 000 §8: a network error on an application update is 'An error occurred.'; a refusal shows the server's text. */
export function updateFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return `Error: ${error.message}`;
  return MESSAGES.updateNetwork;
}

/**
 * The login screen's note after a Discord sign-in that did not finish (the server sends the browser
 * back as /recruitment?login=cancelled|failed). Null when there is nothing to say.
 */
export function loginFailureNote(search: string): { title: string; text: string } | null {
  const reason = LoginFailure.safeParse(new URLSearchParams(search).get(LOGIN_RESULT_PARAM));
  if (!reason.success) return null;
  return reason.data === 'cancelled'
    ? {
        title: 'Discord sign-in was cancelled.',
        text: 'You have not been logged in. Use the button below whenever you are ready to try again.',
      }
    : { title: 'Discord sign-in did not complete.', text: 'The sign-in link may have expired or been used already. Please try again.' };
}
