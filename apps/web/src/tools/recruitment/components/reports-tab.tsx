import { Suspense, lazy, useState } from 'react';
import type { ReportsAnswer } from '@guildhall/contracts/recruitment';
import { TextField } from '@/ui/field';
import { Spinner } from '@/ui/spinner';
import { StatusCard } from '@/ui/status-card';
import { Table } from '@/ui/table';
import { useReports } from '../api/get-reports';

// The charting library (recharts) is loaded only when this tab opens, so it never grows the portal's own chunk.
const ReportsCharts = lazy(() => import('./reports-charts'));

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const formatRate = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);
const formatHours = (hours: number | null) =>
  hours === null ? '—' : hours < 48 ? `${hours} hours` : `${Math.round((hours / 24) * 10) / 10} days`;

/**
 * Issue 13 item 7: the admin Reports tab over a chosen date range (applications submitted in it):
 * applications per week, the funnel by stage, the median time to decision and the acceptance rate
 * per role, as charts and as the same numbers in tables.
 */
export function ReportsTab() {
  const [from, setFrom] = useState(() => isoDay(Date.now() - 83 * DAY));
  const [to, setTo] = useState(() => isoDay(Date.now()));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const reports = useReports({ from, to }, valid);
  return (
    <div className="recruitment-reports">
      <form className="recruitment-card recruitment-reports__range" aria-label="Date range" onSubmit={(e) => e.preventDefault()}>
        <TextField label="From" type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        {!valid && <p className="recruitment-muted">Choose a start date on or before the end date.</p>}
      </form>
      {reports.isPending ? (
        <Spinner label="Loading reports" showLabel />
      ) : reports.isError ? (
        <StatusCard tone="danger" title="Could not load the reports">
          <p>{reports.error.message}</p>
        </StatusCard>
      ) : (
        <ReportsBody report={reports.data} />
      )}
    </div>
  );
}

function ReportsBody({ report }: { report: ReportsAnswer }) {
  const decidedRoles = report.byRole;
  return (
    <>
      <dl className="recruitment-card recruitment-reports__figures">
        <div>
          <dt>Applications</dt>
          <dd>{report.total}</dd>
        </div>
        <div>
          <dt>Median time to decision</dt>
          <dd>{formatHours(report.medianHoursToDecision)}</dd>
        </div>
        <div>
          <dt>Decided</dt>
          <dd>{report.decided}</dd>
        </div>
      </dl>
      <Suspense fallback={<Spinner label="Loading charts" showLabel />}>
        <ReportsCharts report={report} />
      </Suspense>
      <div className="recruitment-reports__tables">
        <Table
          caption="Applications per week"
          rows={report.perWeek}
          rowKey={(w) => w.weekStart}
          columns={[
            { key: 'week', header: 'Week from', render: (w) => w.weekStart, rowHeader: true },
            { key: 'count', header: 'Applications', render: (w) => w.count, align: 'end' },
          ]}
        />
        <Table
          caption="Funnel by stage"
          rows={report.funnel}
          rowKey={(f) => f.stageId}
          columns={[
            { key: 'stage', header: 'Stage', render: (f) => f.name, rowHeader: true },
            { key: 'reached', header: 'Reached', render: (f) => f.reached, align: 'end' },
          ]}
        />
        <Table
          caption="Acceptance rate per role"
          rows={decidedRoles}
          rowKey={(r) => r.job}
          empty="No applications in this range."
          columns={[
            { key: 'job', header: 'Role', render: (r) => r.job, rowHeader: true },
            { key: 'applications', header: 'Applications', render: (r) => r.applications, align: 'end' },
            { key: 'accepted', header: 'Accepted', render: (r) => r.accepted, align: 'end' },
            { key: 'declined', header: 'Declined', render: (r) => r.declined, align: 'end' },
            { key: 'rate', header: 'Acceptance rate', render: (r) => formatRate(r.rate), align: 'end' },
          ]}
        />
      </div>
    </>
  );
}
