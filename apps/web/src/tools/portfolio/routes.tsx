import { Route, Routes } from 'react-router';
import { PortfolioPage } from './portfolio-page';

/** /portfolio: one full-screen page whose screens follow state (002 §2). */
export default function PortfolioRoutes() {
  return (
    <Routes>
      <Route path="*" element={<PortfolioPage />} />
    </Routes>
  );
}
