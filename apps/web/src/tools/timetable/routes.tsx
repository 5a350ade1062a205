import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/shell/not-found-page';
import { TimetablePage } from './pages/timetable-page';

/** The timetable tool under /timetable (ARCHITECTURE.md §1): one page whose screens follow state (002 §2). */
export default function TimetableRoutes() {
  return (
    <Routes>
      <Route index element={<TimetablePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
