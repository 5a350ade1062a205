import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportsAnswer } from '@guildhall/contracts/recruitment';

// Issue 13 item 7: the charts of the Reports tab. This module (and recharts with it) is its own chunk,
// loaded by reports-tab.tsx only when the tab opens. The tables beside them carry the same numbers.

const axis = { stroke: 'var(--color-text-muted)', fontSize: 12 };

// The plots are hidden from screen readers (the tables carry the numbers), so recharts' keyboard
// layer (a focusable chart) is off: nothing focusable may sit inside aria-hidden.
function ChartCard({ title, children }: { title: string; children: React.ReactElement }) {
  return (
    <figure className="recruitment-card recruitment-chart">
      <figcaption className="recruitment-chart__title">{title}</figcaption>
      <div className="recruitment-chart__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

export default function ReportsCharts({ report }: { report: ReportsAnswer }) {
  const roles = report.byRole.filter((r) => r.rate !== null).map((r) => ({ job: r.job, percent: Math.round(r.rate! * 1000) / 10 }));
  return (
    <div className="recruitment-charts" data-testid="reports-charts">
      <ChartCard title="Applications per week">
        <BarChart accessibilityLayer={false} data={report.perWeek} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis dataKey="weekStart" tick={axis} tickFormatter={(d: string) => d.slice(5)} />
          <YAxis allowDecimals={false} tick={axis} />
          <Tooltip />
          <Bar dataKey="count" name="Applications" fill="var(--color-accent)" isAnimationActive={false} />
        </BarChart>
      </ChartCard>
      <ChartCard title="Funnel by stage">
        <BarChart accessibilityLayer={false} data={report.funnel} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis type="number" allowDecimals={false} tick={axis} />
          <YAxis type="category" dataKey="name" width={110} tick={axis} />
          <Tooltip />
          <Bar dataKey="reached" name="Reached" isAnimationActive={false}>
            {report.funnel.map((f) => (
              <Cell key={f.stageId} fill={f.color} />
            ))}
          </Bar>
        </BarChart>
      </ChartCard>
      <ChartCard title="Acceptance rate per role (%)">
        <BarChart accessibilityLayer={false} data={roles} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
          <XAxis dataKey="job" tick={axis} />
          <YAxis domain={[0, 100]} tick={axis} />
          <Tooltip />
          <Bar dataKey="percent" name="Accepted %" fill="#2f9e63" isAnimationActive={false} />
        </BarChart>
      </ChartCard>
    </div>
  );
}
