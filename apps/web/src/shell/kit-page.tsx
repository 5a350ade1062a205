import { useState } from 'react';
import { Button } from '../ui/button';
import { DetailList } from '../ui/detail-list';
import { SelectField, TextAreaField, TextField } from '../ui/field';
import { Menu } from '../ui/menu';
import { Modal } from '../ui/modal';
import { Page } from '../ui/page';
import { Spinner } from '../ui/spinner';
import { StatusCard, type Tone } from '../ui/status-card';
import { Table } from '../ui/table';
import { Tabs } from '../ui/tabs';
import { Tag } from '../ui/tag';
import { useToast } from '../ui/toast';

const TONES: Tone[] = ['success', 'warning', 'danger', 'neutral'];

const ROWS = [
  { discordId: '707094223257600005', robloxId: '1200005', name: 'DerailDan', stage: 'Banned' },
  { discordId: '681234567890123456', robloxId: '1200004', name: 'SomchaiRail สมชาย', stage: 'Clear' },
];

/**
 * /kit: every piece of the shared kit on one page, in both colour schemes. Tool authors copy from
 * here, and e2e/kit.spec.ts checks the behaviour the kit promises (focus, keyboard, widths).
 */
export default function KitPage() {
  const toast = useToast();
  const [modalOpen, setModalOpen] = useState(false);
  const [chosen, setChosen] = useState('nothing yet');
  const [name, setName] = useState('');

  return (
    <Page title="Design kit" lead="The shared components every tool is built from (apps/web/src/ui).">
      <div className="kit">
        <section aria-labelledby="kit-buttons">
          <h2 id="kit-buttons">Buttons, tags, spinner</h2>
          <div className="kit__row">
            <Button>Primary</Button>
            <Button variant="secondary">Secondary</Button>
            <Button variant="danger">Danger</Button>
            <Button variant="ghost">Ghost</Button>
            <Button disabled>Disabled</Button>
          </div>
          <div className="kit__row">
            {TONES.map((tone) => (
              <Tag key={tone} tone={tone}>
                {tone}
              </Tag>
            ))}
            <Spinner label="Loading example" showLabel />
          </div>
        </section>

        <section aria-labelledby="kit-cards">
          <h2 id="kit-cards">Status cards</h2>
          <div className="kit__grid">
            {TONES.map((tone) => (
              <StatusCard key={tone} tone={tone} title={`A ${tone} card`} headingLevel={3}>
                <p>Body text stays readable on every tone.</p>
              </StatusCard>
            ))}
          </div>
        </section>

        <section aria-labelledby="kit-fields">
          <h2 id="kit-fields">Fields</h2>
          <div className="kit__grid">
            <TextField
              label="Display name"
              hint="As it appears to others."
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={name.trim() ? undefined : 'Please enter a display name.'}
            />
            <SelectField
              label="Sport"
              defaultValue="football"
              options={[
                { value: 'football', label: 'Football' },
                { value: 'volleyball', label: 'Volleyball' },
                { value: 'chess', label: 'Chess (full)', disabled: true },
              ]}
            />
            <TextAreaField label="Note" placeholder="ตักเตือนด้วยวาจา" />
          </div>
        </section>

        <section aria-labelledby="kit-overlays">
          <h2 id="kit-overlays">Modal, menu, toast</h2>
          <div className="kit__row">
            <Button variant="secondary" onClick={() => setModalOpen(true)}>
              Open modal
            </Button>
            <Menu
              trigger={<Button variant="secondary">Actions</Button>}
              items={[
                { label: 'Registration Record', onSelect: () => setChosen('Registration Record') },
                { label: 'Infraction Record', onSelect: () => setChosen('Infraction Record') },
                { label: 'Military Record', disabled: true, onSelect: () => setChosen('Military Record') },
              ]}
            />
            <Button variant="secondary" onClick={() => toast({ title: 'Saved', description: 'Your changes are stored.', tone: 'success' })}>
              Show toast
            </Button>
          </div>
          <p>
            Menu choice: <strong data-testid="menu-choice">{chosen}</strong>
          </p>
          <Modal
            open={modalOpen}
            onOpenChange={setModalOpen}
            title="An Error Occurred"
            description="Could not fetch verification data."
            footer={<Button onClick={() => setModalOpen(false)}>OK</Button>}
          />
        </section>

        <section aria-labelledby="kit-tabs">
          <h2 id="kit-tabs">Tabs and details</h2>
          <Tabs
            label="Views"
            tabs={[
              { value: 'timetable', label: 'Timetable', content: <p>Monday: Mathematics, Thai, Science.</p> },
              { value: 'homework', label: 'Homework', content: <p>Two assignments due this week.</p> },
              {
                value: 'summary',
                label: 'Summary',
                content: (
                  <DetailList
                    items={[
                      { label: 'Subjects', value: '8' },
                      { label: 'Due soon', value: '2' },
                    ]}
                  />
                ),
              },
            ]}
          />
        </section>

        <section aria-labelledby="kit-table">
          <h2 id="kit-table">Table</h2>
          <Table
            caption="Verified pairs"
            columns={[
              { key: 'name', header: 'Roblox Username', render: (r) => r.name, rowHeader: true },
              { key: 'discord', header: 'Discord ID', render: (r) => r.discordId },
              { key: 'roblox', header: 'Roblox ID', render: (r) => r.robloxId, align: 'end' },
              { key: 'stage', header: 'Status', render: (r) => <Tag tone={r.stage === 'Banned' ? 'danger' : 'success'}>{r.stage}</Tag> },
            ]}
            rows={ROWS}
            rowKey={(r) => r.discordId}
          />
        </section>
      </div>
    </Page>
  );
}
