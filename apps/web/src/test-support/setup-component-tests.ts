// Setup of the `web-components` vitest project (issue 11 item 7): jest-dom's matchers
// (toBeInTheDocument, toHaveAccessibleName...) and a clean DOM after every test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
