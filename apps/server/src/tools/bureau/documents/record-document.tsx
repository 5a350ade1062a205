import { showStoredLines, showStoredText } from '@guildhall/contracts/stored-text';
import type { CaseInfo, DocumentType, UserDetailsAnswer } from '@guildhall/contracts/bureau';
import { DOCUMENT_FONT_FAMILY } from '@server/core/documents/document-fonts';
import type { Infraction } from '@server/core/registry/registry-repository';

export interface RecordDocumentProps {
  type: DocumentType;
  officeSubtitle: string;
  officerName: string;
  /** Epoch ms of generation (the footer's auto-generated timestamp, 001 §2). */
  generatedAt: number;
  qrCodeUrl: string;
  signatureUrl: string;
  details: UserDetailsAnswer;
  /** Both platforms' infractions (infraction variant only), each with its case (issue 14 item 5). */
  infractions: DocumentInfraction[];
}

/** Issue 14 item 5: the PDFs carry the case numbers. */
export type DocumentInfraction = Infraction & {
  case?: Pick<CaseInfo, 'number' | 'typeLabel' | 'expiresAt' | 'expired' | 'hidden'>;
};

const UNKNOWN = 'Unknown';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const stampFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

/** An ISO date (or 'Unknown') as '14 March 2019'. */
export function formatDate(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? orUnknown(value) : dateFormat.format(time);
}

/** 001 §3 and §9: the infraction id is an epoch-like number used as the date (ms, or seconds when small). */
export function infractionDate(id: number): string {
  const ms = id >= 1e11 ? id : id * 1000;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? UNKNOWN : stampFormat.format(date) + ' UTC';
}

/**
 * Decision 0069: names and texts others chose (the Discord and Roblox APIs, the ban's Username, the
 * infraction texts) print with direction controls and stacked marks written out: raw, a U+202E in a
 * name reversed the subject line's IDs, and 30 accents on a letter drew over the lines above.
 */
// Decision 0069: one-line fields (names, a moderator) keep to one line; a reason and a note keep their lines.
const orUnknown = (value: string | null | undefined) => (value && value.trim() ? showStoredText(value) : UNKNOWN);
const orNA = (value: string | null | undefined) => (value && value.trim() ? showStoredText(value) : 'N/A');

/** 001 §2: label and value rows make up a subject block. */
function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="row">
      <span className="label">{label}</span>
      <span className="value">{value}</span>
    </div>
  );
}

function SubjectBlock({ title, rows }: { title: string; rows: Array<[string, string]> }) {
  return (
    <div className="block">
      <h3>{title}</h3>
      {rows.map(([label, value]) => (
        <Row key={label} label={label} value={value} />
      ))}
    </div>
  );
}

function discordRows(d: UserDetailsAnswer): Array<[string, string]> {
  return [
    ['Display Name', orNA(d.discordDisplayName === UNKNOWN ? null : d.discordDisplayName)],
    ['Username', orUnknown(d.discordUsername)],
    ['User ID', d.discordId],
    ['Created', formatDate(d.discordCreationDate)],
    ['Status', orUnknown(d.discordStatus)],
  ];
}

function robloxRows(d: UserDetailsAnswer): Array<[string, string]> {
  return [
    ['Display Name', orNA(d.robloxDisplayName === UNKNOWN ? null : d.robloxDisplayName)],
    ['Username', orUnknown(d.robloxUsername)],
    ['User ID', d.robloxId],
    ['Created', formatDate(d.robloxCreationDate)],
    ['Status', orUnknown(d.robloxStatus)],
  ];
}

/** 'No. 12 · Warning · expires 3 May 2026' (expired, hidden when so). */
function caseLine(c: NonNullable<DocumentInfraction['case']>): string {
  const parts = [`No. ${c.number}`, c.typeLabel];
  if (c.expired) parts.push('expired');
  else if (c.expiresAt !== null) parts.push(`expires ${dateFormat.format(c.expiresAt)}`);
  if (c.hidden) parts.push('hidden from the checker');
  return parts.join(' · ');
}

/** 001 §2 Infraction variant: one card per infraction; header holds two values, body its paragraphs. */
function InfractionCard({ infraction }: { infraction: DocumentInfraction }) {
  // Decision 0069: a text of blank lines only shows as none (no reason; note 'N/A'), as on the pages.
  const reason = showStoredLines(infraction.reason?.trim() ?? '');
  const note = showStoredLines(infraction.note?.trim() ?? '');
  return (
    <div className="card">
      <div className="card-head">
        <span>{infraction.platform} Infraction</span>
        <span>#{infraction.id}</span>
      </div>
      <div className="card-body">
        <p>
          <b>Platform:</b> {infraction.platform}
        </p>
        {infraction.case ? (
          <p>
            <b>Case:</b> {caseLine(infraction.case)}
          </p>
        ) : null}
        <p>
          <b>Date:</b> {infractionDate(infraction.id)}
        </p>
        <p>
          <b>Moderator:</b> {orUnknown(infraction.moderator)}
        </p>
        {reason ? (
          <p>
            <b>Reason:</b> {reason}
          </p>
        ) : null}
        <p>
          <b>Note:</b> {note || 'N/A'}
        </p>
      </div>
    </div>
  );
}

/**
 * 001 §2 footer: the QR code 'Scan for Verification', the generation timestamp, the signature and the
 * officer. Drawn fixed at the foot of every page (Chromium repeats a fixed box on each printed page);
 * its invisible twin (`room`) in the layout table's footer group takes the same height at the end of
 * each page's content, so no content runs under it. In the footer group alone it followed the content,
 * so the last page of a long record had it halfway up (decision 0072).
 */
function DocumentFooter(
  props: Pick<RecordDocumentProps, 'qrCodeUrl' | 'generatedAt' | 'signatureUrl' | 'officerName'> & { room?: boolean },
) {
  return (
    <footer className={props.room ? 'doc-footer doc-footer--room' : 'doc-footer'}>
      <div className="qr">
        <img src={props.qrCodeUrl} width={80} height={80} alt="" />
        <span>Scan for Verification</span>
      </div>
      <div className="stamp">Generated {stampFormat.format(props.generatedAt)} UTC</div>
      <div className="officer">
        <img src={props.signatureUrl} width={160} height={40} alt="" />
        <span className="officer-name">{props.officerName}</span>
        <span>Registration Officer</span>
      </div>
    </footer>
  );
}

/**
 * 001 §2 "Printable document": A4 portrait, header 'BUREAU OF REGISTRATION' and the office subtitle,
 * the registration or infraction variant, the footer (timestamp, QR code 80x80 'Scan for Verification',
 * signature 160x40, officer name, 'Registration Officer') and a watermark.
 */
export function RecordDocument(props: RecordDocumentProps) {
  const { details } = props;
  // 001 §3: sorted ascending by numeric id.
  const infractions = [...props.infractions].sort((a, b) => a.id - b.id || a.platform.localeCompare(b.platform));
  const subject = `Subject: ${orUnknown(details.robloxUsername)} · Discord ID ${details.discordId} · Roblox ID ${details.robloxId}`;
  // Issue 10 item 20: a table's header and footer groups repeat on every printed page, so a record
  // that runs over several pages names its subject on each of them and keeps room for the footer (the
  // page numbers are the @page margin box in RECORD_DOCUMENT_CSS). One column, one cell per part.
  return (
    <div className="sheet">
      <div className="watermark" aria-hidden="true">
        OFFICIAL RECORD
      </div>
      <table className="layout">
        <thead>
          <tr>
            <td>
              <header className="doc-header">
                <h1>BUREAU OF REGISTRATION</h1>
                <p className="subtitle">{props.officeSubtitle}</p>
                <p className="subject">{subject}</p>
              </header>
            </td>
          </tr>
        </thead>
        <tfoot aria-hidden="true">
          <tr>
            <td>
              <DocumentFooter {...props} room />
            </td>
          </tr>
        </tfoot>
        <tbody>
          <tr>
            <td className="content">
              {props.type === 'registration' ? (
                <section>
                  <h2>Subject Information</h2>
                  <div className="blocks">
                    <SubjectBlock title="Discord" rows={discordRows(details)} />
                    <SubjectBlock title="Roblox" rows={robloxRows(details)} />
                  </div>
                </section>
              ) : (
                <section>
                  <h2>Infraction Record</h2>
                  <div className="blocks">
                    <SubjectBlock
                      title="Discord"
                      rows={[
                        ['Username', orUnknown(details.discordUsername)],
                        ['User ID', details.discordId],
                      ]}
                    />
                    <SubjectBlock
                      title="Roblox"
                      rows={[
                        ['Username', orUnknown(details.robloxUsername)],
                        ['User ID', details.robloxId],
                      ]}
                    />
                  </div>
                  {infractions.length === 0 ? (
                    <p className="empty">No infractions on record for any platform.</p>
                  ) : (
                    infractions.map((infraction) => (
                      <InfractionCard key={`${infraction.platform}-${infraction.id}`} infraction={infraction} />
                    ))
                  )}
                </section>
              )}
            </td>
          </tr>
        </tbody>
      </table>
      <DocumentFooter {...props} />
    </div>
  );
}

/**
 * A4 portrait (001 §9: 210mm by 297mm); sizes of the QR code and signature from 001 §9. The page
 * margin (not the sheet's padding) makes the room at the top and bottom of every page, and holds the
 * page numbers (a margin box, issue 10 item 20); the fixed watermark and footer repeat on every page,
 * the footer at its foot (decision 0072).
 */
export const RECORD_DOCUMENT_CSS = `
@page {
  size: A4 portrait;
  margin: 12mm 0 12mm;
  @bottom-center { content: "Page " counter(page) " of " counter(pages); font-family: ${DOCUMENT_FONT_FAMILY}; font-size: 8pt; color: #4a5470; }
}
.sheet { width: 210mm; padding: 0 16mm; position: relative; color: #1b1f2a; font-size: 10.5pt; line-height: 1.45; }
/* Fixed: one long word (a reason of 1,000 A's) widened the table past the sheet, cutting off the header, the
   Roblox block and the footer; now such words break instead (overflow-wrap below). */
/* No height of its own: one page tall, a record that just filled its page printed a second one holding only
   the header and the footer (decision 0072). */
.layout { width: 100%; border-collapse: collapse; table-layout: fixed; }
.layout td { padding: 0; vertical-align: top; }
.watermark { position: fixed; top: 50%; left: 50%; transform: translate(-50%, -50%) rotate(-32deg); font-size: 64pt; font-weight: 700; color: rgba(29, 43, 83, 0.06); white-space: nowrap; z-index: 0; pointer-events: none; }
.doc-header { text-align: center; border-bottom: 2px solid #1d2b53; padding: 2mm 0 3mm; margin-bottom: 6mm; }
.subject { margin: 1.5mm 0 0; font-size: 9pt; font-weight: 700; color: #1d2b53; overflow-wrap: anywhere; }
.doc-header h1 { margin: 0; font-size: 20pt; letter-spacing: 0.08em; color: #1d2b53; }
.subtitle { margin: 1mm 0 0; font-size: 10.5pt; color: #4a5470; }
h2 { font-size: 13pt; margin: 0 0 4mm; color: #1d2b53; letter-spacing: 0.02em; }
.blocks { display: flex; gap: 6mm; margin-bottom: 6mm; }
.block { flex: 1; min-width: 0; border: 1px solid #c9cfdd; border-radius: 2mm; padding: 3mm 4mm; break-inside: avoid; }
.block h3 { margin: 0 0 2mm; font-size: 11pt; color: #1d2b53; }
.row { display: flex; gap: 3mm; padding: 0.8mm 0; border-bottom: 1px dotted #dde1ea; }
.row:last-child { border-bottom: 0; }
.label { width: 28mm; flex: none; color: #4a5470; }
.value { flex: 1; min-width: 0; font-weight: 700; overflow-wrap: anywhere; }
/* A card may run on to the next page (one kept whole that was taller than the room left pushed it to the next
   page, leaving a blank one); its head stays with its first lines. */
.card { border: 1px solid #c9cfdd; border-radius: 2mm; margin-bottom: 4mm; position: relative; z-index: 1; }
.card-head { display: flex; justify-content: space-between; gap: 4mm; background: #eef1f7; padding: 2mm 4mm; font-weight: 700; color: #1d2b53; break-after: avoid; overflow-wrap: anywhere; }
.card-body { padding: 2mm 4mm; }
/* pre-line: a note's line breaks print as typed. */
.card-body p { margin: 0.8mm 0; overflow-wrap: anywhere; white-space: pre-line; }
.empty { font-style: italic; color: #4a5470; }
/* The footer's room keeps its distance; a last card's own margin ran past a page the record had just filled,
   printing one more that held only the header and the footer. */
.content > section > :last-child { margin-bottom: 0; }
.doc-footer { position: fixed; bottom: 0; left: 16mm; right: 16mm; padding: 4mm 0 2mm; border-top: 1px solid #c9cfdd; display: flex; align-items: flex-end; justify-content: space-between; gap: 6mm; z-index: 1; }
/* The footer's room in the table's footer group: its twin's height (a long officer name wraps), 4mm above. */
.doc-footer--room { position: static; visibility: hidden; margin-top: 4mm; }
.qr { display: flex; flex-direction: column; align-items: center; gap: 1mm; font-size: 8pt; }
.qr img { width: 80px; height: 80px; }
.stamp { font-size: 8.5pt; color: #4a5470; align-self: center; }
.officer { display: flex; flex-direction: column; align-items: center; font-size: 9pt; }
.officer img { width: 160px; height: 40px; }
.officer-name { font-weight: 700; border-top: 1px solid #1b1f2a; padding-top: 1mm; min-width: 50mm; max-width: 70mm; text-align: center; overflow-wrap: anywhere; }
`;
