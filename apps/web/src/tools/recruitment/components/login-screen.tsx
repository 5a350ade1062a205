import { useLocation } from 'react-router';
import { Page } from '@/ui/page';
import { StatusCard } from '@/ui/status-card';
import { Tag } from '@/ui/tag';
import { usePublicSettings } from '../api/get-public-settings';
import { API } from '../api/keys';
import { formatPeriod } from '../lib/format';
import { loginFailureNote } from '../lib/messages';

/** Where the login button goes: the backend's login endpoint redirects to Discord's authorize page (000 §2). */
export const LOGIN_URL = `${API}/login`;

/**
 * 000 §2 Login screen: the title, Open or Closed, the period when open, the Discord login button and
 * the requirement text. Public settings that failed to load (000 §8) read as Closed. After a sign-in
 * that was cancelled on Discord or did not finish, a note says so above the button.
 */
export function LoginScreen({ title }: { title: string }) {
  const settings = usePublicSettings();
  const open = settings.data?.applicationsOpen === 'true';
  const note = loginFailureNote(useLocation().search);
  return (
    <Page title={title} lead="Apply to join the staff team of our railway network." width="narrow">
      {note && (
        <div className="recruitment-login__note">
          <StatusCard tone="warning" title={note.title}>
            <p>{note.text}</p>
          </StatusCard>
        </div>
      )}
      <section className="recruitment-card recruitment-login" aria-label="Application status">
        <p className="recruitment-login__status">
          Applications are {settings.isPending ? '…' : <Tag tone={open ? 'success' : 'danger'}>{open ? 'Open' : 'Closed'}</Tag>}
        </p>
        {open && settings.data && (
          <p className="recruitment-login__period">
            Application period: <strong>{formatPeriod(settings.data.applicationStartDate, settings.data.applicationEndDate)}</strong>
          </p>
        )}
        <a className="ui-button ui-button--primary ui-button--block recruitment-login__discord" href={LOGIN_URL}>
          <DiscordMark />
          Login with Discord
        </a>
        <p className="recruitment-login__requirement">You must be a verified member in our database to log in and apply.</p>
      </section>
    </Page>
  );
}

function DiscordMark() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
      <path d="M20.3 4.4A19.6 19.6 0 0 0 15.4 3l-.6 1.3a18.2 18.2 0 0 0-5.6 0L8.6 3a19.6 19.6 0 0 0-4.9 1.5C.6 9.1-.3 13.6.2 18a19.8 19.8 0 0 0 6 3l1.3-2.1a12.8 12.8 0 0 1-2-1l.5-.4a14.1 14.1 0 0 0 12 0l.5.4-2 1 1.3 2.1a19.7 19.7 0 0 0 6-3c.5-5.1-.8-9.6-3.5-13.6ZM8 15.3c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Zm8 0c-1.2 0-2.2-1.1-2.2-2.4s1-2.4 2.2-2.4 2.2 1.1 2.2 2.4-1 2.4-2.2 2.4Z" />
    </svg>
  );
}
