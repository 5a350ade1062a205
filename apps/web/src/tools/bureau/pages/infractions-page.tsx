import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { showStoredText } from '@guildhall/contracts/stored-text';
import type { DocumentType, UserDetailsAnswer } from '@guildhall/contracts/bureau';
import { ApiError, UNKNOWN_ERROR } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { DetailList } from '@/ui/detail-list';
import { Page } from '@/ui/page';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toast';
import { useDownloadRecordDocument } from '../api/download-record-document';
import { usePersonInfractions } from '../api/get-person-infractions';
import { useUserDetails } from '../api/get-user-details';
import { ErrorModal } from '../components/error-modal';
import { InfractionCard } from '../components/infraction-card';
import { PersonDesk } from '../components/person-desk';
import { StaffGate } from '../components/staff-gate';
import { NO_INFRACTIONS } from '../lib/infraction-view';
import './infractions-page.css';

const PRINTS: ReadonlyArray<{ type: DocumentType; label: string }> = [
  { type: 'registration', label: 'Registration (PDF)' },
  { type: 'infraction', label: 'Infraction Record (PDF)' },
];

/**
 * 001 §2 "Infraction lookup page" at /bureau/records/:discordId/infractions: one person's infractions
 * on Discord and Roblox on screen (before, only the Infraction Record PDF showed them), opened from
 * the records table's Actions menu or by its address. Bureau staff only, like the records tool.
 */
export function InfractionsPage() {
  const { discordId = '' } = useParams();
  const location = useLocation();
  return (
    <Page title="Infraction Lookup" lead="A verified person's infractions on Discord and Roblox, oldest first.">
      <StaffGate returnTo={location.pathname}>
        <InfractionLookup discordId={discordId} />
      </StaffGate>
    </Page>
  );
}

function InfractionLookup({ discordId }: { discordId: string }) {
  const infractions = usePersonInfractions(discordId, true);
  const pair = infractions.data ? { discordId: infractions.data.discordId, robloxId: infractions.data.robloxId } : null;
  // 001 §2: user details take the two inputs discordId and robloxId; they give the accounts' names.
  const details = useUserDetails(pair);
  const download = useDownloadRecordDocument();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState<DocumentType | null>(null);

  // 001 §8: a failure shows 'An Error Occurred' with the server's sentence, once per failure.
  const listError = infractions.error;
  useEffect(() => {
    if (listError) setError(messageOf(listError));
  }, [listError]);
  const detailsError = details.error;
  useEffect(() => {
    if (detailsError) setError(messageOf(detailsError));
  }, [detailsError]);

  const print = (type: DocumentType) => {
    if (!pair || working !== null) return;
    setWorking(type);
    download.mutate(
      { pair, type },
      {
        onSuccess: ({ file, notice }) => {
          if (notice) toast({ title: `${file.fileName} saved`, description: notice, tone: 'warning' });
        },
        onError: (failure) => setError(messageOf(failure)),
        onSettled: () => setWorking(null),
      },
    );
  };

  return (
    <div className="infractions">
      <nav className="infractions__toolbar" aria-label="Record actions">
        <Link to="/bureau/records" className="infractions__back">
          ← Back to records
        </Link>
        {pair && (
          <div className="infractions__prints">
            {/* One print at a time; aria-disabled, not disabled: a browser takes focus from a disabled button. */}
            {PRINTS.map(({ type, label }) => (
              <Button key={type} size="sm" variant="secondary" aria-disabled={working !== null} onClick={() => print(type)}>
                {working === type ? 'Processing...' : label}
              </Button>
            ))}
          </div>
        )}
      </nav>

      {infractions.isPending ? (
        <div className="records__loading">
          <Spinner label="Loading infractions" size="lg" />
        </div>
      ) : infractions.isError ? (
        <div className="records__gate">
          <p>The infractions of Discord ID {discordId} could not be shown.</p>
          {/* A refusal (no pair, a malformed ID) stays one; only a failure on our side may pass on a retry. */}
          {!isRefusal(infractions.error) && (
            <Button variant="secondary" onClick={() => void infractions.refetch()}>
              Try again
            </Button>
          )}
        </div>
      ) : (
        <>
          <section className="infractions__accounts" aria-labelledby="infractions-accounts">
            <h2 id="infractions-accounts" className="infractions__heading">
              Accounts
            </h2>
            <div className="infractions__account-blocks">
              <AccountBlock
                title="Discord"
                id={infractions.data.discordId}
                username={details.data?.discordUsername}
                loading={details.isPending}
              />
              <AccountBlock
                title="Roblox"
                id={infractions.data.robloxId}
                username={details.data?.robloxUsername}
                loading={details.isPending}
              />
            </div>
            {details.data?.notice && <p className="infractions__notice">{details.data.notice}</p>}
          </section>

          <section className="infractions__list" aria-labelledby="infractions-list">
            <h2 id="infractions-list" className="infractions__heading">
              Infractions <span className="infractions__count">({infractions.data.infractions.length})</span>
            </h2>
            {infractions.data.infractions.length === 0 ? (
              <p className="infractions__empty">{NO_INFRACTIONS}</p>
            ) : (
              <ol className="infractions__cards">
                {infractions.data.infractions.map((infraction) => (
                  <li key={`${infraction.platform}-${infraction.id}`}>
                    <InfractionCard infraction={infraction} />
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
      {/* Issue 14 items 2 and 5: the cases of these accounts with the staff's actions, and the history. */}
      <PersonDesk query={{ type: 'discord', id: discordId }} accounts={false} />
      <ErrorModal message={error} onClose={() => setError(null)} />
    </div>
  );
}

/** One account of the pair: its name (from the lookup, 'Unknown' when it failed) and its ID. */
function AccountBlock({
  title,
  id,
  username,
  loading,
}: {
  title: 'Discord' | 'Roblox';
  id: string;
  username: UserDetailsAnswer['discordUsername'] | undefined;
  loading: boolean;
}) {
  return (
    <section className="infractions__account" aria-label={`${title} account`}>
      <h3>{title}</h3>
      <DetailList
        items={[
          // Decision 0069: a name from the Discord or Roblox API (or a ban's Username) shows written out.
          {
            label: 'Username',
            value: loading ? <Spinner label={`Loading the ${title} username`} size="sm" /> : showStoredText(username ?? 'Unknown'),
          },
          { label: 'User ID', value: <span className="records__id">{id}</span> },
        ]}
      />
    </section>
  );
}

function messageOf(failure: unknown): string {
  return failure instanceof ApiError ? failure.message : UNKNOWN_ERROR;
}

function isRefusal(failure: unknown): boolean {
  return failure instanceof ApiError && failure.status >= 400 && failure.status < 500;
}
