import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { CheckerIdType, PersonLookupQuery } from '@guildhall/contracts/bureau';
import { Button } from '@/ui/button';
import { SelectField, TextField } from '@/ui/field';
import { Page } from '@/ui/page';
import { PersonDesk } from '../components/person-desk';
import { StaffGate } from '../components/staff-gate';
import { VerifyClaimsPanel } from '../components/verify-claims-panel';
import '../components/person-desk.css';
import './infractions-page.css';

/**
 * Issue 14 item 3: the infraction page for anyone, at /bureau/lookup/{discord|roblox}/{id}: search
 * controls (a select and a text input, 001 §2), then what the registry holds, paired or not.
 */
export function LookupPage() {
  const location = useLocation();
  const params = useParams();
  const parsed = PersonLookupQuery.safeParse({ type: params.type, id: params.id });
  return (
    <Page title="Infraction Lookup" lead="Anyone's pair, ban, cases and history, by Discord ID or Roblox ID.">
      <StaffGate returnTo={location.pathname}>
        <VerifyClaimsPanel />
        {/* Keyed by the address: Back to another person starts the form from that person (it kept the last search). */}
        <LookupForm
          key={location.pathname}
          initialType={parsed.success ? parsed.data.type : 'discord'}
          initialId={parsed.success ? parsed.data.id : ''}
        />
        {parsed.success ? (
          <PersonDesk key={`${parsed.data.type}/${parsed.data.id}`} query={parsed.data} />
        ) : params.id ? (
          <p role="alert">That is not a Discord ID (5 to 25 digits) or a Roblox ID (1 to 20 digits).</p>
        ) : null}
      </StaffGate>
    </Page>
  );
}

function LookupForm({ initialType, initialId }: { initialType: 'discord' | 'roblox'; initialId: string }) {
  const navigate = useNavigate();
  const [type, setType] = useState(initialType);
  const [id, setId] = useState(initialId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = id.trim();
    if (trimmed) void navigate(`/bureau/lookup/${type}/${encodeURIComponent(trimmed)}`);
  };
  return (
    <form className="lookup__form" onSubmit={submit} aria-label="Look up a person">
      <SelectField
        label="ID type"
        value={type}
        onChange={(e) => setType(CheckerIdType.parse(e.target.value))}
        options={[
          { value: 'discord', label: 'Discord ID' },
          { value: 'roblox', label: 'Roblox ID' },
        ]}
      />
      <TextField label="ID" value={id} inputMode="numeric" onChange={(e) => setId(e.target.value)} />
      <Button type="submit">Look up</Button>
    </form>
  );
}
