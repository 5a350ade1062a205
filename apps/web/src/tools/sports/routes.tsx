import { Route, Routes } from 'react-router';
import { NotFoundPage } from '@/shell/not-found-page';
import { SportsHubPage } from './pages/sports-hub-page';

/** The sports tool under /sports (ARCHITECTURE.md §1): one page whose screens follow state (002 §2). */
export default function SportsRoutes() {
  return (
    <Routes>
      <Route index element={<SportsHubPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
