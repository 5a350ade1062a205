import { showStoredLines, showStoredText } from '@guildhall/contracts/stored-text';
import type { PersonLookupQuery } from '@guildhall/contracts/bureau';
import { ApiError, UNKNOWN_ERROR } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { DetailList } from '@/ui/detail-list';
import { Spinner } from '@/ui/spinner';
import { Tag } from '@/ui/tag';
import { usePersonLookup } from '../api/look-up-person';
import { CaseList } from './case-list';
import { HistoryList } from './history-list';
import { type CaseTarget, NewCaseForm } from './new-case-form';
import './person-desk.css';

/**
 * Issue 14 items 2, 3, 5: what the registry holds about anyone (paired or not), their cases with the
 * staff's actions, a form to open one, and the history. `accounts: false` on the 001 infraction page,
 * which shows the accounts itself.
 */
export function PersonDesk({ query, accounts = true }: { query: PersonLookupQuery; accounts?: boolean }) {
  const person = usePersonLookup(query);
  if (person.isPending)
    return (
      <div className="records__loading">
        <Spinner label="Loading the record" size="lg" />
      </div>
    );
  if (person.isError)
    return (
      <div className="records__gate" role="alert">
        <p>{person.error instanceof ApiError ? person.error.message : UNKNOWN_ERROR}</p>
        <Button variant="secondary" onClick={() => void person.refetch()}>
          Try again
        </Button>
      </div>
    );
  const data = person.data;
  const targets: CaseTarget[] = [
    ...(data.discordId ? [{ platform: 'Discord' as const, subjectId: data.discordId }] : []),
    ...(data.robloxId ? [{ platform: 'Roblox' as const, subjectId: data.robloxId }] : []),
  ];
  if (query.type === 'roblox') targets.reverse();
  return (
    <div className="desk">
      {accounts && (
        <section className="desk__section" aria-labelledby="desk-accounts">
          <h2 id="desk-accounts" className="infractions__heading">
            Accounts {data.paired ? <Tag tone="success">Verified pair</Tag> : <Tag tone="warning">Not paired</Tag>}
          </h2>
          <div className="infractions__account-blocks">
            <section className="infractions__account" aria-label="Discord account">
              <h3>Discord</h3>
              <DetailList
                items={[
                  // Decision 0069: names and ban texts others chose show written out.
                  { label: 'Username', value: showStoredText(data.profiles.discord?.username ?? 'Unknown') },
                  { label: 'User ID', value: <span className="records__id">{data.discordId ?? 'N/A'}</span> },
                ]}
              />
            </section>
            <section className="infractions__account" aria-label="Roblox account">
              <h3>Roblox</h3>
              <DetailList
                items={[
                  { label: 'Username', value: showStoredText(data.profiles.roblox?.username ?? data.ban?.username ?? 'Unknown') },
                  { label: 'User ID', value: <span className="records__id">{data.robloxId ?? 'N/A'}</span> },
                  {
                    label: 'Roblox Status',
                    value: data.ban?.isBanned ? <Tag tone="danger">Banned</Tag> : <Tag tone="success">Clear</Tag>,
                  },
                  ...(data.ban?.isBanned
                    ? [
                        { label: 'Ban moderator', value: showStoredText(data.ban.moderator ?? 'Unknown') },
                        { label: 'Ban reason', value: showStoredLines(data.ban.reason ?? '') || 'Unknown' },
                      ]
                    : []),
                ]}
              />
            </section>
          </div>
        </section>
      )}
      <section className="desk__section" aria-labelledby="desk-new-case">
        <h2 id="desk-new-case" className="infractions__heading">
          Open a case
        </h2>
        <NewCaseForm targets={targets} labels={data.caseTypeLabels} />
      </section>
      <section className="desk__section" aria-labelledby="desk-cases">
        <h2 id="desk-cases" className="infractions__heading">
          Cases <span className="infractions__count">({data.infractions.length})</span>
        </h2>
        <CaseList cases={data.infractions} labels={data.caseTypeLabels} />
      </section>
      <section className="desk__section" aria-labelledby="desk-history">
        <h2 id="desk-history" className="infractions__heading">
          History
        </h2>
        <HistoryList entries={data.history} />
      </section>
    </div>
  );
}
