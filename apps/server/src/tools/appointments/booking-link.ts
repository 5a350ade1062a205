import type { AppointmentsDeps } from './appointments-deps';

/**
 * Issue 15 item 2: the link a LINE message carries into the mini-app, opening one booking
 * (?booking=<id>). With a real LIFF app it is the LIFF URL, which opens inside LINE and forwards the
 * query to the endpoint (/bureau/appointment); otherwise the page on our own origin.
 */
export function bookingLink(deps: Pick<AppointmentsDeps, 'publicUrl' | 'liffId'>, id: number | null): string {
  const query = id === null ? '' : `?booking=${id}`;
  return deps.liffId ? `https://liff.line.me/${deps.liffId}${query}` : `${deps.publicUrl}/bureau/appointment${query}`;
}
