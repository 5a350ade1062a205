import { ApiError } from '../../../lib/api-client';

// 000 §8 Error catalogue, word for word.
export const MESSAGES = {
  uploadUnknown: 'An unknown upload error occurred.',
  submitNetwork: 'An error occurred while submitting your application.',
  updateNetwork: 'An error occurred.',
  missingChoices: 'Please provide comma-separated options.',
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
