import { currentWeekStart } from '@guildhall/contracts/timetable-rules';
import { Button } from '@/ui/button';
import { Page } from '@/ui/page';
import { Spinner } from '@/ui/spinner';
import { Tabs } from '@/ui/tabs';
import { useTimetableConfig } from '../api/get-config';
import { useHomework } from '../api/get-homework';
import { useTimetableMe } from '../api/get-me';
import { useSchedule } from '../api/get-schedule';
import { useLogout } from '../api/logout';
import { HeaderClock } from '../components/header-clock';
import { HomeworkManager } from '../components/homework-manager';
import { LoginForm } from '../components/login-form';
import { SubjectSummary } from '../components/subject-summary';
import { LoadError, TimetableView } from '../components/timetable-view';
import type { SchoolConfig } from '../lib/settings';
import './timetable-page.css';

/** 002 §2 Timetable app: screens chosen by state (not signed in: the login form; then the three tabs). */
export function TimetablePage() {
  const config = useTimetableConfig();
  const me = useTimetableMe();
  const logout = useLogout();

  let body;
  if (config.isPending || me.isPending) body = <Spinner label="Loading" size="lg" />;
  else if (config.isError) body = <LoadError message={config.error.message} />;
  else if (me.isError) body = <LoadError message={me.error.message} />;
  else if (!me.data) body = <LoginForm />;
  else body = <TimetableApp config={config.data} />;

  return (
    <Page title="Timetable" width="wide">
      <div className="tt-header">
        {config.data && <HeaderClock timeZone={config.data.timeZone} />}
        {me.data && (
          <div className="tt-header__account">
            <span>
              Student ID <strong data-testid="student-id">{me.data.studentId}</strong>
            </span>
            <Button variant="secondary" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
              Logout
            </Button>
          </div>
        )}
      </div>
      {body}
    </Page>
  );
}

function TimetableApp({ config }: { config: SchoolConfig }) {
  const homework = useHomework();
  // 002 §5: the subject choices are the distinct subject codes of the schedule.
  const schedule = useSchedule(currentWeekStart(Date.now(), config));
  const subjects = [
    ...new Map((schedule.data ?? []).map((i) => [i.subject_code, { code: i.subject_code, name: i.subject_name }])).values(),
  ].sort((a, b) => a.name.localeCompare(b.name));

  const homeworkTab = homework.isPending ? (
    <Spinner label="Loading homework" />
  ) : homework.isError ? (
    <LoadError message={homework.error.message} />
  ) : (
    <HomeworkManager config={config} homework={homework.data} subjects={subjects} />
  );

  return (
    <Tabs
      label="Timetable sections"
      tabs={[
        { value: 'timetable', label: 'Timetable', content: <TimetableView config={config} homework={homework.data ?? []} /> },
        { value: 'homework', label: 'Manage Homework', content: homeworkTab },
        { value: 'summary', label: 'Subject Summary', content: <SubjectSummary config={config} /> },
      ]}
    />
  );
}
