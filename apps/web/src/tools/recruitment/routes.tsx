import { Route, Routes } from 'react-router';
import { RecruitmentPortal } from './pages/recruitment-portal';

/**
 * The recruitment portal under /recruitment (ARCHITECTURE.md §1). 000 §2: no URL routes; the view
 * comes from the session state, so every path under /recruitment shows the same portal.
 */
export default function RecruitmentRoutes() {
  return (
    <Routes>
      <Route path="*" element={<RecruitmentPortal />} />
    </Routes>
  );
}
